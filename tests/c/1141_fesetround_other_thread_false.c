// expect: false(unreach-call)
// decide: explicit
// A thread's fesetround changes its own rounding direction only: main, which expects the
// thread's change to reach it, reaches the error.
#include <fenv.h>
#include <pthread.h>
extern void reach_error(void);
static void *worker(void *arg) {
  (void)arg;
  fesetround(FE_DOWNWARD);
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
  if (fegetround() != FE_DOWNWARD) reach_error();
  return 0;
}
