// expect: true
// decide: explicit
// glibc's snprintf fails with EOVERFLOW for a width or precision written in the format above
// INT_MAX, and not for the largest int: a negative `*` width is a left-justified one, a negative
// `*` precision is none.
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
extern void reach_error(void);
int main(void) {
  char buf[16];
  errno = 0;
  if (snprintf(buf, sizeof buf, "%2147483648d", 1) != -1 || errno != EOVERFLOW) reach_error();
  errno = 0;
  if (snprintf(buf, sizeof buf, "%.4294967297s", "ab") != -1 || errno != EOVERFLOW) reach_error();
  errno = 0;
  if (snprintf(buf, sizeof buf, "%*d|", -4, 1) != 5 || strcmp(buf, "1   |") != 0) reach_error();
  if (snprintf(buf, sizeof buf, "%.*s", INT_MIN, "ab") != 2 || errno != 0) reach_error();
  if (snprintf(buf, sizeof buf, "%.2147483647s", "ab") != 2 || errno != 0) reach_error();
  return 0;
}
