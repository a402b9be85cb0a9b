// expect: true
// property: no-overflow
// decide: explicit
// clock() is the CPU time used, from the previous reading on: the elapsed time of two readings
// is never negative, and subtracting them cannot overflow.
#include <time.h>
int main(void) {
  clock_t start = clock();
  clock_t end = clock();
  clock_t elapsed = end - start;
  if (elapsed < 0) reach_error();
  return 0;
}
