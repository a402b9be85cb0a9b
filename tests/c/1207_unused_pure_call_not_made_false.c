// expect: false(unreach-call)
// glibc declares atol pure (__attribute_pure__), so clang marks the call memory(read), and a call
// whose result is unused and that writes no memory emits no code, at -O0 too: natively the
// statement `atol(...)` below does not run and errno stays 0 (glibc's atol would have set
// ERANGE). vigil ran the call and answered true.
#include <errno.h>
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  errno = 0;
  atol("-99999999999999999999");
  if (errno == 0) reach_error();
  return 0;
}
