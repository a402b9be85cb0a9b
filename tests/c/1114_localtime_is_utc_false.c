// expect: false(unreach-call)
// decide: explicit
// vigil's local time zone is UTC (glibc's zone with TZ=UTC, or TZ unset and a UTC or missing
// /etc/localtime): localtime gives gmtime's fields with tm_zone "UTC", so the error is reached.
// The zone of a real machine is unknown, so localtime marks the path incomplete (no `true` from
// it), but a violation is a real one in that zone: the native replay runs with TZ=UTC.
#include <string.h>
#include <time.h>
extern void reach_error(void);
int main(void) {
  time_t t = 1700000000;
  struct tm l = *localtime(&t);
  struct tm *g = gmtime(&t);
  if (l.tm_hour == g->tm_hour && l.tm_mday == g->tm_mday && strcmp(l.tm_zone, "UTC") == 0)
    reach_error();
  return 0;
}
