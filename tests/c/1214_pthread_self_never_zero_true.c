// expect: true
// decide: explicit
// Thread IDs are never 0 (glibc's are descriptor addresses) and name their thread: the ID
// pthread_create stores is the one pthread_self gives inside the thread, main's differs from it,
// and both join and 0-as-"no thread" work. vigil's main thread had ID 0 (then a `false` that the
// native run did not confirm: unknown).
#include <pthread.h>
extern void reach_error(void);
static pthread_t seen; /* 0: the thread has not run yet */
static void *work(void *arg) {
  seen = pthread_self();
  return arg;
}
int main(void) {
  pthread_t me = pthread_self(), t;
  if (me == 0)
    reach_error();
  if (pthread_create(&t, 0, work, 0) != 0)
    return 0;
  if (t == 0 || pthread_equal(t, me))
    reach_error();
  if (pthread_join(t, 0) != 0)
    reach_error();
  if (seen == 0 || !pthread_equal(seen, t))
    reach_error();
  if (!pthread_equal(pthread_self(), me))
    reach_error();
  return 0;
}
