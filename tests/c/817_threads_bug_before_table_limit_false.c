// expect: false(unreach-call)
// decide: explicit
// 816 with a bug in the 10th thread: it is found before the thread table's limit matters.
#include <assert.h>
#include <pthread.h>
static int ran;
static void *body(void *arg) { ran = (int)(long)arg; return arg; }
int main(void) {
  for (long i = 0; i < 100; i++) {
    pthread_t t;
    assert(pthread_create(&t, 0, body, (void *)i) == 0);
    assert(pthread_join(t, 0) == 0);
    assert(ran != 9);
  }
  return 0;
}
