// expect: true
// decide: explicit
// 277's deadlock under unreach-call: a deadlocked run hangs and never reaches the error, so
// SV-COMP's verdict is true (vigil adds a warning that a deadlock is reachable).
#include <pthread.h>
void reach_error(void);
pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
int done;
void *worker(void *arg) {
  pthread_mutex_lock(&b);
  pthread_mutex_lock(&a);
  done++;
  pthread_mutex_unlock(&a);
  pthread_mutex_unlock(&b);
  return arg;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_mutex_lock(&a);
  pthread_mutex_lock(&b);
  done++;
  pthread_mutex_unlock(&b);
  pthread_mutex_unlock(&a);
  pthread_join(t, 0);
  if (done != 2) reach_error();
  return 0;
}
