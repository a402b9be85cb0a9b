// expect: unknown(weaker than seq_cst)
// decide: explicit
// unknown: weak-atomics
// Message passing with relaxed atomics: race-free, but relaxed accesses allow behaviours that
// no sequentially consistent interleaving has (the reader may see ready without data on a weak
// memory model), so vigil, which explores sequentially consistent interleavings, gives no true.
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
