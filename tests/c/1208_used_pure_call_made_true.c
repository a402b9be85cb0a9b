// expect: true
// decide: explicit
// The counterpart of 1207: a call of a pure function whose result is used runs, natively and in
// vigil — atol sets ERANGE, and a program's own `pure` function that writes a global anyway does
// write it when its value is used (an unused call of it is not made, as clang's -O0 code makes
// none).
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
extern void reach_error(void);
static int calls;
__attribute__((pure)) static int counted(int x) {
  calls++;
  return x;
}
int main(void) {
  errno = 0;
  long v = atol("-99999999999999999999");
  if (errno != ERANGE || v != LONG_MIN) reach_error();
  counted(1);
  if (calls != 0) reach_error();
  int y = counted(2);
  if (y != 2 || calls != 1) reach_error();
  return 0;
}
