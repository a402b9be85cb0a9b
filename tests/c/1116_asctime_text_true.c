// expect: true
// decide: explicit
// asctime's text is glibc's "%.3s %.3s%3d %.2d:%.2d:%.2d %d\n", with "???" for a day or month
// out of range; asctime_r writes at most 26 bytes, so a five-digit year gives NULL with EOVERFLOW;
// a year above INT_MAX - 1900 too; asctime(NULL) is NULL with EINVAL (all checked natively).
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <time.h>
extern void reach_error(void);
int main(void) {
  time_t t = 0;
  if (strcmp(asctime(gmtime(&t)), "Thu Jan  1 00:00:00 1970\n") != 0) reach_error();
  struct tm m = {0};
  m.tm_mday = 5;
  m.tm_mon = 12;
  m.tm_wday = -1;
  m.tm_hour = 100;
  m.tm_year = -1901;
  if (strcmp(asctime(&m), "??? ???  5 100:00:00 -1\n") != 0) reach_error();
  char buf[26];
  m.tm_hour = 0;
  m.tm_year = 8100;
  errno = 0;
  if (asctime_r(&m, buf) != NULL || errno != EOVERFLOW) reach_error();
  m.tm_year = INT_MAX - 1899;
  errno = 0;
  if (asctime(&m) != NULL || errno != EOVERFLOW) reach_error();
  errno = 0;
  if (asctime(NULL) != NULL || errno != EINVAL) reach_error();
  return 0;
}
