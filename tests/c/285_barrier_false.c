// expect: false(unreach-call)
// decide: explicit
// 284 with the read before the barrier: the other half may not be written yet.
#include <pthread.h>
void reach_error(void);
pthread_barrier_t barrier;
int half[2];
static void meet(int me) {
  __atomic_store_n(&half[me], me + 1, __ATOMIC_SEQ_CST);
  if (__atomic_load_n(&half[1 - me], __ATOMIC_SEQ_CST) != 2 - me) reach_error();
  pthread_barrier_wait(&barrier);
}
void *worker(void *arg) {
  meet(1);
  return arg;
}
int main(void) {
  pthread_t t;
  pthread_barrier_init(&barrier, 0, 2);
  pthread_create(&t, 0, worker, 0);
  meet(0);
  pthread_join(t, 0);
  return 0;
}
