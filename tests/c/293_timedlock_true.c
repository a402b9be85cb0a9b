// expect: true
// decide: explicit
// A timed lock returns 0 or ETIMEDOUT, and holds the mutex exactly when it returned 0.
#include <pthread.h>
#include <errno.h>
#include <time.h>
void reach_error(void);
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int inside;
void *holder(void *arg) {
  pthread_mutex_lock(&m);
  inside = 1;
  inside = 0;
  pthread_mutex_unlock(&m);
  return arg;
}
int main(void) {
  pthread_t t;
  struct timespec when = {0, 0};
  pthread_create(&t, 0, holder, 0);
  int r = pthread_mutex_timedlock(&m, &when);
  if (r != 0 && r != ETIMEDOUT) reach_error();
  if (r == 0) {
    if (inside) reach_error();
    pthread_mutex_unlock(&m);
  }
  pthread_join(t, 0);
  return 0;
}
