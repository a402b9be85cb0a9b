// expect: unknown(invalid argument to a library function)
// decide: explicit
// unknown: undefined
// Once a thread is joined its ID's lifetime has ended; glibc hands the cached descriptor to the
// next pthread_create, after which the old ID may name the new thread: detaching through it is
// undefined behaviour (no answer of pthread_detach can be assumed), so vigil answers unknown.
#include <pthread.h>
extern void reach_error(void);
static void *work(void *arg) { return arg; }
int main(void) {
  pthread_t t, u;
  if (pthread_create(&t, 0, work, 0) != 0)
    return 0;
  pthread_join(t, 0);
  if (pthread_create(&u, 0, work, 0) != 0)
    return 0;
  int r = pthread_detach(t);
  pthread_join(u, 0);
  if (r > 1000)
    reach_error();
  return 0;
}
