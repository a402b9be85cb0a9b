// expect: true
// decide: explicit
// The same increments as 047 under a mutex: no increment is lost. vigil explores every
// interleaving and sees no data race, so the answer is true.
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
