// expect: true
// decide: explicit
// The correct version of 102: the item is written inside the critical section before `ready`,
// so the consumer always sees it (race-free: true).
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int ready, item;
void *producer(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  item = 7;
  ready = 1;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  return 0;
}
int main(void) {
  pthread_t p;
  pthread_create(&p, 0, producer, 0);
  pthread_mutex_lock(&m);
  while (!ready)
    pthread_cond_wait(&c, &m);
  int got = item;
  pthread_mutex_unlock(&m);
  if (got != 7) reach_error();
  pthread_join(p, 0);
  return 0;
}
