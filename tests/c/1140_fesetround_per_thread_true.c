// expect: true
// decide: explicit
// Each thread has its own rounding direction (POSIX: a new thread starts with its creator's
// floating-point environment; on x86-64 each thread has its own MXCSR): the thread starts
// rounding upward like main, changes to downward for itself, and main still rounds upward after
// every interleaving.
#include <fenv.h>
#include <pthread.h>
extern void reach_error(void);
static volatile float seen;
static void *worker(void *arg) {
  (void)arg;
  if (fegetround() != FE_UPWARD) reach_error();
  fesetround(FE_DOWNWARD);
  volatile float three = 3.0f;
  seen = 1.0f / three;
  return 0;
}
int main(void) {
  fesetround(FE_UPWARD);
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  volatile float three = 3.0f;
  float mine = 1.0f / three;
  if (fegetround() != FE_UPWARD) reach_error();
  pthread_join(t, 0);
  if (fegetround() != FE_UPWARD) reach_error();
  if (!(seen < mine)) reach_error();
  return 0;
}
