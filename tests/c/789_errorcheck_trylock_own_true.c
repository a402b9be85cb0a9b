// expect: true
// decide: explicit
// An error-checking mutex the thread already holds: glibc's pthread_mutex_trylock answers EBUSY
// (it never looks at the owner), pthread_mutex_lock and _timedlock answer EDEADLK; a normal
// mutex and a spinlock answer EBUSY to their trylock.
#include <errno.h>
#include <pthread.h>
#include <time.h>
extern void reach_error(void);
int main(void) {
  pthread_mutexattr_t attr;
  pthread_mutexattr_init(&attr);
  pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_ERRORCHECK);
  pthread_mutex_t e;
  pthread_mutex_init(&e, &attr);
  if (pthread_mutex_lock(&e) != 0)
    reach_error();
  if (pthread_mutex_trylock(&e) != EBUSY)
    reach_error();
  if (pthread_mutex_lock(&e) != EDEADLK)
    reach_error();
  struct timespec ts = {0, 0};
  if (pthread_mutex_timedlock(&e, &ts) != EDEADLK)
    reach_error();
  pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
  pthread_mutex_lock(&m);
  if (pthread_mutex_trylock(&m) != EBUSY)
    reach_error();
  pthread_spinlock_t s;
  pthread_spin_init(&s, 0);
  pthread_spin_lock(&s);
  if (pthread_spin_trylock(&s) != EBUSY)
    reach_error();
  return 0;
}
