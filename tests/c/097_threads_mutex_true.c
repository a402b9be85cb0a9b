// expect: true
// The same increments as 096 under a mutex: no increment is lost. vigil explores every
// interleaving but does not detect data races yet, so it answers unknown, never false.
#include <pthread.h>
int counter;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
void *work(void *arg) {
  (void)arg;
  pthread_mutex_lock(&lock);
  counter = counter + 1;
  pthread_mutex_unlock(&lock);
  return 0;
}
int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, work, 0);
  pthread_create(&b, 0, work, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  if (counter != 2) reach_error();
  return 0;
}
