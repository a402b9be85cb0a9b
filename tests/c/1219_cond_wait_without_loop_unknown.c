// expect: unknown(spurious wake-up)
// decide: explicit
// unknown: doubtful-violation
// pthread_cond_wait may return without a signal (POSIX: "spurious wakeups ... may occur"; glibc's
// condition variables do so in rare races between waiters, signals and timeouts), so a waiter
// must test its predicate again. This one waits once under `if`: after a spurious wake-up the
// flag may still be 0 and the error is reached. vigil's condition variables never woke without
// a signal and it answered true; it now explores the spurious return, and since no native run
// need show it, the violation after it is reported as unknown, not false.
#include <pthread.h>
extern void reach_error(void);
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int ready;
static void *producer(void *arg) {
  pthread_mutex_lock(&m);
  ready = 1;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  return arg;
}
int main(void) {
  pthread_t t;
  if (pthread_create(&t, 0, producer, 0) != 0)
    return 0;
  pthread_mutex_lock(&m);
  if (!ready)
    pthread_cond_wait(&c, &m);
  if (!ready)
    reach_error();
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  return 0;
}
