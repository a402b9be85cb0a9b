// expect: true
// decide: explicit
// One pthread_detach of a joinable thread, running or ended, succeeds; a thread created detached
// ends on its own. (A second pthread_detach of either is undefined, tests/c 1215.)
#include <pthread.h>
extern void reach_error(void);
static int done;
static void *work(void *arg) {
  __atomic_store_n(&done, 1, __ATOMIC_SEQ_CST);
  return arg;
}
int main(void) {
  pthread_t t, u;
  pthread_attr_t attr;
  if (pthread_create(&t, 0, work, 0) != 0)
    return 0;
  if (pthread_detach(t) != 0)
    reach_error();
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  if (pthread_create(&u, &attr, work, 0) != 0)
    return 0;
  pthread_attr_destroy(&attr);
  return 0;
}
