// expect: false(unreach-call)
// decide: explicit
// A consumer waits on a condition variable until the producer has put an item; the producer
// sets `ready` before `item`, so the consumer may wake (or find ready set) and read the item
// before it is written.
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int ready, item;
void *producer(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  ready = 1;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  item = 7; /* too late: outside the critical section */
  return 0;
}
int main(void) {
  pthread_t p;
  pthread_create(&p, 0, producer, 0);
  pthread_mutex_lock(&m);
  while (!ready)
    pthread_cond_wait(&c, &m);
  pthread_mutex_unlock(&m);
  if (item != 7) reach_error();
  pthread_join(p, 0);
  return 0;
}
