// expect: true
// decide: explicit
// glibc 2.36's strftime for the largest tm_year: %Y and %C come from tm_year + 1900 wrapped in an
// int, %y from tm_year itself (47), and the ISO week-based year %G of 31 December (a Wednesday,
// in week 1 of the next year) is that wrapped year plus one.
#include <limits.h>
#include <string.h>
#include <time.h>
extern void reach_error(void);
int main(void) {
  time_t last = 67768036191676799;
  struct tm *t = gmtime(&last);
  if (!t || t->tm_year != INT_MAX) reach_error();
  char buf[64];
  if (strftime(buf, sizeof buf, "%Y %C %y %G %g %V", t) == 0) reach_error();
  if (strcmp(buf, "-2147481749 -21474818 47 -2147481748 52 01") != 0) reach_error();
  return 0;
}
