// expect: false(unreach-call)
// decide: explicit
// The realtime clock may be set back between two readings (settimeofday, NTP): a program that
// expects them in order is wrong (README, "time()").
#include <time.h>
int main(void) {
  time_t t1 = time(0);
  time_t t2 = time(0);
  if (t2 < t1) reach_error();
  return 0;
}
