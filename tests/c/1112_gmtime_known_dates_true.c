// expect: true
// decide: explicit
// gmtime of known times (glibc's fields, checked natively): 2000 is a leap year, 2100 is not,
// -1 is the last second of 1969; gmtime and localtime share one static struct tm; a time whose
// year does not fit tm_year gives NULL with EOVERFLOW.
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <time.h>
extern void reach_error(void);
int main(void) {
  time_t t = 951782400; /* 2000-02-29 */
  struct tm *g = gmtime(&t);
  if (!g || g->tm_year != 100 || g->tm_mon != 1 || g->tm_mday != 29 || g->tm_wday != 2 || g->tm_yday != 59)
    reach_error();
  if (g->tm_isdst != 0 || g->tm_gmtoff != 0 || strcmp(g->tm_zone, "GMT") != 0) reach_error();
  t = 4107542400; /* 2100-02-28 + 1 day */
  struct tm r;
  if (gmtime_r(&t, &r) != &r || r.tm_mon != 2 || r.tm_mday != 1 || r.tm_yday != 59) reach_error();
  t = -1;
  g = gmtime(&t);
  if (g->tm_year != 69 || g->tm_mon != 11 || g->tm_mday != 31 || g->tm_hour != 23 || g->tm_sec != 59 || g->tm_wday != 3)
    reach_error();
  t = LLONG_MAX;
  errno = 0;
  if (gmtime(&t) != NULL || errno != EOVERFLOW) reach_error();
  return 0;
}
