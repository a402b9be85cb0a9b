// expect: true
// decide: explicit
// difftime is the exact difference rounded once to double (glibc subtracts long doubles, exact
// for 64-bit times): LLONG_MAX - LLONG_MIN is 2^64 - 1, which rounds to 2^64; 2^53 + 1 rounds to
// 2^53 (ties to even). clock_getres gives Linux's 1 ns for the high-resolution clocks, EINVAL for
// an unknown id, and accepts a NULL result; timespec_get knows only TIME_UTC (checked natively).
#include <errno.h>
#include <limits.h>
#include <time.h>
extern void reach_error(void);
int main(void) {
  if (difftime(LLONG_MAX, LLONG_MIN) != 18446744073709551616.0) reach_error();
  if (difftime(LLONG_MIN, LLONG_MAX) != -18446744073709551616.0) reach_error();
  if (difftime((1LL << 53) + 1, 0) != 9007199254740992.0) reach_error();
  if (difftime(5, 7) != -2.0) reach_error();
  struct timespec r = {7, 7};
  if (clock_getres(CLOCK_MONOTONIC, &r) != 0 || r.tv_sec != 0 || r.tv_nsec != 1) reach_error();
  if (clock_getres(CLOCK_REALTIME, NULL) != 0) reach_error();
  errno = 0;
  if (clock_getres(12345, &r) != -1 || errno != EINVAL) reach_error();
  if (timespec_get(&r, 0) != 0) reach_error();
  return 0;
}
