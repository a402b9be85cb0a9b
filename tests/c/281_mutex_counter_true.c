// expect: true
// decide: explicit
// Three threads add to a counter under a mutex; after the joins the total is exact. Race-free
// and explored completely, so true.
#include <pthread.h>
void reach_error(void);
int total;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
void *add(void *arg) {
  pthread_mutex_lock(&lock);
  total += 1;
  pthread_mutex_unlock(&lock);
  return arg;
}
int main(void) {
  pthread_t t[3];
  for (int i = 0; i < 3; i++) pthread_create(&t[i], 0, add, 0);
  for (int i = 0; i < 3; i++) pthread_join(t[i], 0);
  if (total != 3) reach_error();
  return 0;
}
