// expect: true
// decide: explicit
// Each thread has its own errno (glibc: thread-local, 0 in a new thread): the thread's failing
// conversion sets its errno to ERANGE and leaves main's alone, and main's EINVAL does not reach
// the thread, whatever the schedule. vigil had one errno for all threads and answered false
// (main read the thread's ERANGE, or the thread main's value).
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
extern void reach_error(void);
static void *convert(void *arg) {
  if (errno != 0)
    reach_error();
  strtol("99999999999999999999999", 0, 10);
  return (void *)(intptr_t)errno;
}
int main(void) {
  pthread_t t;
  void *result;
  errno = 0;
  if (pthread_create(&t, 0, convert, 0) != 0)
    return 0;
  errno = EINVAL;
  int mine = errno;
  pthread_join(t, &result);
  if (mine != EINVAL || errno != EINVAL)
    reach_error();
  if ((intptr_t)result != ERANGE)
    reach_error();
  return 0;
}
