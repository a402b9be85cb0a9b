// expect: false(unreach-call)
// decide: explicit
// Two threads incrementing a shared counter without a lock: a lost update is possible.
#include <pthread.h>
int counter;
static void *worker(void *arg) { int t = counter; counter = t + 1; return arg; }
int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  if (counter != 2) reach_error();
  return 0;
}
