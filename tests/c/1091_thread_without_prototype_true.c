// expect: true
// decide: explicit
// A thread function defined without a prototype, `void *thread()`, as many SV-COMP and peer
// pthread programs write it: pthread_create calls it with one argument, which the x86-64 calling
// convention drops. The VM reported "call with a bad callee" (unknown); it now drops the extra
// argument as the platform does (README "Semantics where C and SV-COMP leave room").
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
  pthread_join(t, 0);
  assert(x == 2);
  return 0;
}
