// expect: true
// decide: explicit
// 297's message passing with relaxed atomics under the default explicit.racy=sc: every
// sequentially consistent interleaving writes data before ready, so the verdict is true, with a
// warning that relaxed atomics get more behaviours than that on a weak memory model.
#include <pthread.h>
void reach_error(void);
int data, ready;
void *producer(void *arg) {
  __atomic_store_n(&data, 1, __ATOMIC_RELAXED);
  __atomic_store_n(&ready, 1, __ATOMIC_RELAXED);
  return arg;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, producer, 0);
  if (__atomic_load_n(&ready, __ATOMIC_RELAXED) && !__atomic_load_n(&data, __ATOMIC_RELAXED)) reach_error();
  pthread_join(t, 0);
  return 0;
}
