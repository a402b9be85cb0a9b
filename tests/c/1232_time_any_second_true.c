// expect: true
// decide: explicit
// time() reads any second the realtime clock can show: never before 1970, never past
// 9223372036 (Linux keeps the clock as a signed 64-bit count of nanoseconds). The value it
// returns is the one it stores, and a difference of a reading with itself is 0.
#include <time.h>
int main(void) {
  time_t stored;
  time_t t = time(&stored);
  if (t != stored) reach_error();
  if (t < 0 || t > 9223372036L) reach_error();
  if (difftime(t, t) != 0.0) reach_error();
  time_t later = t + 60; /* cannot overflow */
  if (later <= t) reach_error();
  return 0;
}
