// expect: false(unreach-call)
// decide: explicit
// The sibling of 862: glibc refuses a CPU-time clock for a condition variable (EINVAL), so a
// program that expects it to be accepted reaches the error.
#include <pthread.h>
#include <time.h>
extern void reach_error(void);
int main(void) {
  pthread_condattr_t ca;
  pthread_condattr_init(&ca);
  if (pthread_condattr_setclock(&ca, CLOCK_PROCESS_CPUTIME_ID) != 0) reach_error();
  return 0;
}
