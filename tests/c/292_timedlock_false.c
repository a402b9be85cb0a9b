// expect: false(unreach-call)
// decide: explicit
// A timed lock on a mutex another thread holds may time out (ETIMEDOUT): the timeout is a
// nondeterministic choice.
#include <pthread.h>
#include <errno.h>
#include <time.h>
void reach_error(void);
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *holder(void *arg) {
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  return arg;
}
int main(void) {
  pthread_t t;
  struct timespec when = {0, 0};
  pthread_create(&t, 0, holder, 0);
  int r = pthread_mutex_timedlock(&m, &when);
  if (r == ETIMEDOUT) reach_error();
  if (r == 0) pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  return 0;
}
