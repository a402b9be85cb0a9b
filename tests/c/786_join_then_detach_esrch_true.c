// expect: true
// decide: explicit
// After pthread_join returns, glibc marks the thread's descriptor dead: pthread_detach and a
// second pthread_join of that ID fail with ESRCH (as long as no new thread has reused the
// descriptor, which only pthread_create can do). AddressSanitizer reports the second join as an
// error; glibc itself answers ESRCH.
#include <errno.h>
#include <pthread.h>
extern void reach_error(void);
static int ran;
static void *work(void *arg) {
  ran = 1;
  return arg;
}
int main(void) {
  pthread_t t;
  if (pthread_create(&t, 0, work, 0) != 0)
    return 0;
  if (pthread_join(t, 0) != 0)
    reach_error();
  if (!ran)
    reach_error();
  if (pthread_detach(t) != ESRCH)
    reach_error();
  if (pthread_join(t, 0) != ESRCH)
    reach_error();
  return 0;
}
