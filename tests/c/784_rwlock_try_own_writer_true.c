// expect: true
// decide: explicit
// glibc's pthread_rwlock_tryrdlock and _trywrlock never look at who holds the lock: on a lock
// the calling thread holds for writing they fail with EBUSY, while the blocking and timed
// functions detect the self-deadlock and return EDEADLK.
#include <errno.h>
#include <pthread.h>
extern void reach_error(void);
static pthread_rwlock_t lock = PTHREAD_RWLOCK_INITIALIZER;
int main(void) {
  if (pthread_rwlock_trywrlock(&lock) != 0)
    reach_error();
  if (pthread_rwlock_tryrdlock(&lock) != EBUSY)
    reach_error();
  if (pthread_rwlock_trywrlock(&lock) != EBUSY)
    reach_error();
  if (pthread_rwlock_rdlock(&lock) != EDEADLK)
    reach_error();
  if (pthread_rwlock_wrlock(&lock) != EDEADLK)
    reach_error();
  pthread_rwlock_unlock(&lock);
  if (pthread_rwlock_tryrdlock(&lock) != 0)
    reach_error();
  if (pthread_rwlock_trywrlock(&lock) != EBUSY)
    reach_error();
  pthread_rwlock_unlock(&lock);
  return 0;
}
