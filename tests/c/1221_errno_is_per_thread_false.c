// expect: false(unreach-call)
// decide: explicit
// errno is thread-local in glibc: a conversion that fails in another thread sets that thread's
// errno, not main's, so main's errno is still 0 after the join and the error is reached in every
// schedule. vigil had one errno for all threads: main saw the thread's ERANGE and vigil
// answered true.
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
extern void reach_error(void);
static void *convert(void *arg) {
  strtol("99999999999999999999999", 0, 10); /* ERANGE */
  return arg;
}
int main(void) {
  pthread_t t;
  errno = 0;
  if (pthread_create(&t, 0, convert, 0) != 0)
    return 0;
  pthread_join(t, 0);
  if (errno != ERANGE)
    reach_error();
  return 0;
}
