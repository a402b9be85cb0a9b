// expect: false(unreach-call)
// decide: explicit
// 1091 without the join: the thread (defined without a prototype) may run before the assertion.
#include <assert.h>
#include <pthread.h>
int x = 0;
void *thread() {
  x = 2;
  return 0;
}
int main() {
  pthread_t t;
  pthread_create(&t, NULL, thread, NULL);
  assert(x == 0);
  return 0;
}
