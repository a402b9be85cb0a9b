// expect: unknown(weaker than seq_cst)
// flags: -C explicit.racy=unknown
// decide: explicit
// unknown: weak-atomics
// The strict mode (explicit.racy=unknown): message passing with relaxed atomics is race-free,
// but relaxed accesses allow behaviours that no sequentially consistent interleaving has (the
// reader may see ready without data on a weak memory model), so no true. By default the
// program is explored under sequential consistency and is true with a warning (402).
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
