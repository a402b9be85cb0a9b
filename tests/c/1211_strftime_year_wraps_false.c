// expect: false(unreach-call)
// glibc 2.36's strftime computes the year as tm_year + 1900 in an int, which wraps for the
// largest tm_year (gmtime gives it for the time 67768036191676799): %Y prints -2147481749.
// vigil printed 2147485547 and answered true.
#include <limits.h>
#include <string.h>
#include <time.h>
extern void reach_error(void);
int main(void) {
  struct tm t = {0};
  t.tm_year = INT_MAX;
  t.tm_mon = 11;
  t.tm_mday = 31;
  char buf[32];
  if (strftime(buf, sizeof buf, "%Y", &t) > 0 && strcmp(buf, "-2147481749") == 0) reach_error();
  return 0;
}
