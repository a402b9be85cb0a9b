// expect: unknown(does not model)
// decide: explicit
// 100 threads created one at a time, each joined before the next: glibc reclaims a joined
// thread, so every pthread_create succeeds. The runtime's thread table keeps 64 slots and does
// not reuse them; it answered EAGAIN at the 64th creation and the assertion "failed" (a wrong
// `false`). Now the path ends as a limit of vigil's: unknown.
#include <assert.h>
#include <pthread.h>
static int ran;
static void *body(void *arg) { ran = 1; return arg; }
int main(void) {
  for (int i = 0; i < 100; i++) {
    pthread_t t;
    ran = 0;
    assert(pthread_create(&t, 0, body, 0) == 0);
    assert(pthread_join(t, 0) == 0);
    assert(ran == 1);
  }
  return 0;
}
