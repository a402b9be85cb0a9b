// expect: false(unreach-call)
// decide: explicit
// time() and clock() are inputs: a program that expects the clock never to read the same value
// twice is wrong. The harness gives the native run the values the counterexample saw.
#include <time.h>
int main(void) {
  time_t t0 = time(NULL);
  clock_t c0 = clock();
  time_t t1 = time(NULL);
  clock_t c1 = clock();
  if (t1 == t0 && c1 == c0) reach_error();
  return 0;
}
