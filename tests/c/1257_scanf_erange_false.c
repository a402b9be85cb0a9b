// expect: false(unreach-call)
// decide: explicit
// A number beyond the range of long sets errno to ERANGE (glibc's strtol saturates, then %d
// truncates to int).
#include <errno.h>
#include <stdio.h>
int main(void) {
  int x = 0;
  errno = 0;
  if (scanf("%d", &x) == 1 && errno == ERANGE) reach_error();
  return 0;
}
