// expect: true
// decide: explicit
// With ERANGE, %d stores LONG_MAX or LONG_MIN truncated to int, as glibc does: -1 or 0.
#include <errno.h>
#include <stdio.h>
int main(void) {
  int x = 5;
  errno = 0;
  if (scanf("%d", &x) == 1 && errno == ERANGE && x != -1 && x != 0) reach_error();
  return 0;
}
