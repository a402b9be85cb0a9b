// expect: false(unreach-call)
// decide: explicit
// 286 with the writer taking only a read lock: readers share it, so the reader can see a
// half-done update (the fields are atomic, so the program has no data race).
#include <pthread.h>
void reach_error(void);
pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
int a, b;
void *writer(void *arg) {
  pthread_rwlock_rdlock(&rw);
  __atomic_store_n(&a, 1, __ATOMIC_SEQ_CST);
  __atomic_store_n(&b, 1, __ATOMIC_SEQ_CST);
  pthread_rwlock_unlock(&rw);
  return arg;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, writer, 0);
  pthread_rwlock_rdlock(&rw);
  if (__atomic_load_n(&a, __ATOMIC_SEQ_CST) != __atomic_load_n(&b, __ATOMIC_SEQ_CST)) reach_error();
  pthread_rwlock_unlock(&rw);
  pthread_join(t, 0);
  return 0;
}
