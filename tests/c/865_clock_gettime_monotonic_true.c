// expect: true
// decide: explicit
// A monotonic clock read twice never goes backwards and an unknown clock id is refused with
// EINVAL: with symbolic data every reading is an input over every value the clock can give.
#include <errno.h>
#include <time.h>
extern void reach_error(void);
int main(void) {
  struct timespec a, b;
  if (clock_gettime(CLOCK_MONOTONIC, &a) != 0) reach_error();
  if (clock_gettime(CLOCK_MONOTONIC, &b) != 0) reach_error();
  if (b.tv_sec < a.tv_sec || (b.tv_sec == a.tv_sec && b.tv_nsec < a.tv_nsec)) reach_error();
  if (clock_gettime(12345, &a) != -1 || errno != EINVAL) reach_error();
  return 0;
}
