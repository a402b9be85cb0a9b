// expect: true
// property: no-data-race
// decide: explicit
// Two threads update one counter only with atomic builtins (__atomic_*, __sync_*, C11
// atomic_fetch_add): atomic accesses never race with each other.
#include <pthread.h>
#include <stdatomic.h>
int counter;
atomic_int total;
void *worker(void *arg) {
  __atomic_fetch_add(&counter, 1, __ATOMIC_SEQ_CST);
  __sync_fetch_and_add(&counter, 1);
  atomic_fetch_add(&total, 1);
  return arg;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  __sync_fetch_and_add(&counter, 1);
  int now = __atomic_load_n(&counter, __ATOMIC_SEQ_CST);
  atomic_store(&total, atomic_load(&total) + 0);
  pthread_join(t, 0);
  return now;
}
