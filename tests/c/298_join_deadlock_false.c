// expect: false(no-deadlock)
// property: no-deadlock
// decide: explicit
// A thread joins main while main joins it: both wait forever.
#include <pthread.h>
pthread_t main_thread;
void *worker(void *arg) {
  pthread_join(main_thread, 0);
  return arg;
}
int main(void) {
  pthread_t t;
  main_thread = pthread_self();
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
  return 0;
}
