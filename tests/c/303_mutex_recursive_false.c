// expect: false(unreach-call)
// decide: explicit
// A recursive mutex (glibc's static initialiser) taken twice is free again after the second
// unlock: the other thread may then take it and set `taken` before main reads it.
#define _GNU_SOURCE
#include <pthread.h>
void reach_error(void);
pthread_mutex_t rec = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
int taken;
void *worker(void *arg) {
  pthread_mutex_lock(&rec);
  __atomic_store_n(&taken, 1, __ATOMIC_SEQ_CST);
  pthread_mutex_unlock(&rec);
  return arg;
}
int main(void) {
  pthread_t t;
  pthread_mutex_lock(&rec);
  pthread_mutex_lock(&rec);
  pthread_create(&t, 0, worker, 0);
  pthread_mutex_unlock(&rec);
  pthread_mutex_unlock(&rec);
  if (__atomic_load_n(&taken, __ATOMIC_SEQ_CST)) reach_error();
  pthread_join(t, 0);
  return 0;
}
