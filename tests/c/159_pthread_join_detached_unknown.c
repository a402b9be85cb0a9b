// expect: unknown(invalid argument to a library function)
// decide: explicit
// unknown: undefined
// Joining a thread created detached is undefined behaviour (POSIX; glibc returns EINVAL only
// sometimes): vigil reports it and answers unknown, never true.
#include <pthread.h>
static void *work(void *arg) { return arg; }
int main(void) {
  pthread_attr_t a;
  pthread_t t;
  pthread_attr_init(&a);
  pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
  if (pthread_create(&t, &a, work, 0) != 0) return 1;
  pthread_join(t, 0);
  return 0;
}
