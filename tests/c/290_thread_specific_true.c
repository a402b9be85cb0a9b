// expect: true
// decide: explicit
// Thread-specific data: each thread sees its own value under one key, a new thread starts with
// NULL, and the destructor runs once when the thread ends (with the value it had).
#include <pthread.h>
void reach_error(void);
pthread_key_t key;
int destroyed;
int mine[2];
void destroy(void *v) {
  if (v != &mine[1]) reach_error();
  __atomic_fetch_add(&destroyed, 1, __ATOMIC_SEQ_CST);
}
void *worker(void *arg) {
  if (pthread_getspecific(key) != 0) reach_error();
  pthread_setspecific(key, &mine[1]);
  if (pthread_getspecific(key) != &mine[1]) reach_error();
  return arg;
}
int main(void) {
  pthread_t t;
  if (pthread_key_create(&key, destroy) != 0) return 1;
  pthread_setspecific(key, &mine[0]);
  pthread_create(&t, 0, worker, 0);
  if (pthread_getspecific(key) != &mine[0]) reach_error();
  pthread_join(t, 0);
  if (destroyed != 1) reach_error();
  pthread_setspecific(key, 0);
  pthread_key_delete(key);
  return 0;
}
