// expect: true
// decide: explicit
// Two threads each write their half, meet at a barrier, then read the other half: after the
// barrier both writes are done. Exactly one thread gets PTHREAD_BARRIER_SERIAL_THREAD.
#include <pthread.h>
void reach_error(void);
pthread_barrier_t barrier;
int half[2], serial;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static void meet(int me) {
  half[me] = me + 1;
  int r = pthread_barrier_wait(&barrier);
  if (r == PTHREAD_BARRIER_SERIAL_THREAD) {
    pthread_mutex_lock(&lock);
    serial++;
    pthread_mutex_unlock(&lock);
  } else if (r != 0) {
    reach_error();
  }
  if (half[1 - me] != 2 - me) reach_error();
}
void *worker(void *arg) {
  meet(1);
  return arg;
}
int main(void) {
  pthread_t t;
  if (pthread_barrier_init(&barrier, 0, 0) == 0) reach_error();
  pthread_barrier_init(&barrier, 0, 2);
  pthread_create(&t, 0, worker, 0);
  meet(0);
  pthread_join(t, 0);
  if (serial != 1) reach_error();
  pthread_barrier_destroy(&barrier);
  return 0;
}
