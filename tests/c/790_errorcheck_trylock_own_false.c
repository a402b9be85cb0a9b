// expect: false(unreach-call)
// decide: explicit
// A program that expects pthread_mutex_trylock to detect the self-deadlock on an error-checking
// mutex it holds: glibc's trylock answers EBUSY, so the error is reached.
#include <errno.h>
#include <pthread.h>
extern void reach_error(void);
int main(void) {
  pthread_mutexattr_t attr;
  pthread_mutexattr_init(&attr);
  pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_ERRORCHECK);
  pthread_mutex_t e;
  pthread_mutex_init(&e, &attr);
  pthread_mutex_lock(&e);
  if (pthread_mutex_trylock(&e) != EDEADLK)
    reach_error();
  pthread_mutex_unlock(&e);
  return 0;
}
