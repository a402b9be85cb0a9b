// expect: true
// decide: explicit
// timegm normalises every field as glibc does: 2023, month 13 (February of the next year), day
// 31 (so 2 March 2024, a leap year), hour 25 (3 March, 01:00), and sets tm_wday and tm_yday; an
// out-of-range year gives -1 with EOVERFLOW and leaves the fields alone. timegm does not depend on
// the time zone, so the answer is exact (checked natively).
#include <errno.h>
#include <limits.h>
#include <time.h>
extern void reach_error(void);
int main(void) {
  struct tm m = {0};
  m.tm_year = 123;
  m.tm_mon = 13;
  m.tm_mday = 31;
  m.tm_hour = 25;
  time_t t = timegm(&m);
  if (t != 1709427600) reach_error();
  if (m.tm_year != 124 || m.tm_mon != 2 || m.tm_mday != 3 || m.tm_hour != 1) reach_error();
  if (m.tm_mon < 0 || m.tm_mon > 11 || m.tm_wday != 0 || m.tm_yday != 62) reach_error();
  struct tm far = {0};
  far.tm_year = INT_MAX;
  far.tm_mon = 12;
  far.tm_mday = 1;
  errno = 0;
  if (timegm(&far) != -1 || errno != EOVERFLOW || far.tm_mon != 12) reach_error();
  return 0;
}
