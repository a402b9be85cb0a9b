// expect: false(unreach-call)
// decide: explicit
// A new thread's value for a key is NULL, not the creator's.
#include <pthread.h>
void reach_error(void);
pthread_key_t key;
int value = 7;
void *worker(void *arg) {
  if (pthread_getspecific(key) == 0) reach_error();
  return arg;
}
int main(void) {
  pthread_t t;
  pthread_key_create(&key, 0);
  pthread_setspecific(key, &value);
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
  return 0;
}
