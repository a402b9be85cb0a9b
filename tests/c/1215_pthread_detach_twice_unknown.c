// expect: unknown(invalid argument to a library function)
// decide: explicit
// unknown: undefined
// Detaching a thread that is already detached is undefined behaviour (POSIX: the thread is not
// joinable); glibc returns EINVAL while the thread runs (natively this program reaches the
// error) and reads a freed descriptor once it has ended. vigil's pthread_detach returned 0 again
// and answered true; now the second call ends the path as unknown, as joining a detached thread
// does.
#include <pthread.h>
extern void reach_error(void);
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static void *work(void *arg) {
  pthread_mutex_lock(&m); /* held by main until the end: the thread is still running */
  return arg;
}
int main(void) {
  pthread_t t;
  pthread_mutex_lock(&m);
  if (pthread_create(&t, 0, work, 0) != 0)
    return 0;
  if (pthread_detach(t) != 0)
    return 0;
  if (pthread_detach(t) != 0)
    reach_error();
  return 0;
}
