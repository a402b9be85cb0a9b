// expect: false(unreach-call)
// decide: explicit
// mktime asked for daylight saving time (tm_isdst 1) in a zone without it: glibc looks for a
// neighbouring time with DST, finds none and assumes a one-hour difference, so 12:00 becomes
// 11:00 with tm_isdst 0 (checked natively with TZ unset and a UTC /etc/localtime, and with
// TZ=UTC, the zone of the native replay). The program expects the hour unchanged and reaches the
// error.
#include <time.h>
extern void reach_error(void);
int main(void) {
  struct tm m = {0};
  m.tm_year = 123;
  m.tm_mon = 5;
  m.tm_mday = 1;
  m.tm_hour = 12;
  m.tm_isdst = 1;
  mktime(&m);
  if (m.tm_hour != 12) reach_error();
  return 0;
}
