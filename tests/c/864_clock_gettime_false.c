// expect: false(unreach-call)
// decide: explicit
// clock_gettime reads any value the clock can give (crates/runtime/c/time.c): a program that
// fails when the nanoseconds are at their largest is shown false (the harness cannot give
// the time natively, which the answer notes).
#include <time.h>
extern void reach_error(void);
int main(void) {
  struct timespec ts;
  if (clock_gettime(CLOCK_REALTIME, &ts) != 0) return 1;
  if (ts.tv_nsec == 999999999) reach_error();
  return 0;
}
