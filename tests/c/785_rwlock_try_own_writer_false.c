// expect: false(unreach-call)
// decide: explicit
// A program that takes EDEADLK from pthread_rwlock_tryrdlock on its own write lock for
// granted: glibc's try functions answer EBUSY there, so the error is reached.
#include <errno.h>
#include <pthread.h>
extern void reach_error(void);
static pthread_rwlock_t lock = PTHREAD_RWLOCK_INITIALIZER;
int main(void) {
  pthread_rwlock_wrlock(&lock);
  int r = pthread_rwlock_tryrdlock(&lock);
  if (r != EDEADLK)
    reach_error();
  pthread_rwlock_unlock(&lock);
  return 0;
}
