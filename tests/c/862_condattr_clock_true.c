// expect: true
// decide: explicit
// Condition-variable and barrier attributes as glibc keeps them: the clock can be
// CLOCK_MONOTONIC, not a CPU-time clock (EINVAL); process-shared reads back; the cancel state
// returns the previous one (crates/runtime/c/pthread_attrs.c).
#include <errno.h>
#include <pthread.h>
#include <time.h>
extern void reach_error(void);
int main(void) {
  pthread_condattr_t ca;
  pthread_cond_t cond;
  clockid_t clk;
  int shared, old;
  if (pthread_condattr_init(&ca) != 0) reach_error();
  if (pthread_condattr_setclock(&ca, CLOCK_PROCESS_CPUTIME_ID) != EINVAL) reach_error();
  if (pthread_condattr_setclock(&ca, CLOCK_MONOTONIC) != 0) reach_error();
  if (pthread_condattr_getclock(&ca, &clk) != 0 || clk != CLOCK_MONOTONIC) reach_error();
  if (pthread_condattr_getpshared(&ca, &shared) != 0 || shared != PTHREAD_PROCESS_PRIVATE) reach_error();
  if (pthread_cond_init(&cond, &ca) != 0) reach_error();
  pthread_barrierattr_t ba;
  pthread_barrierattr_init(&ba);
  if (pthread_barrierattr_setpshared(&ba, 5) != EINVAL) reach_error();
  if (pthread_barrierattr_getpshared(&ba, &shared) != 0 || shared != PTHREAD_PROCESS_PRIVATE) reach_error();
  if (pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &old) != 0 || old != PTHREAD_CANCEL_ENABLE) reach_error();
  if (pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, &old) != 0 || old != PTHREAD_CANCEL_DISABLE) reach_error();
  pthread_cond_destroy(&cond);
  pthread_condattr_destroy(&ca);
  return 0;
}
