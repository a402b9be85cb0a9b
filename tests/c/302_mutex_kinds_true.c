// expect: true
// decide: explicit
// Mutex kinds with glibc's answers: a recursive mutex is taken twice and released twice; an
// error-checking one says EDEADLK when relocked and EPERM when unlocked by a thread that does
// not hold it; trylock on a held normal mutex is EBUSY. A second thread waits for the recursive
// mutex until both levels are released.
#include <pthread.h>
#include <errno.h>
void reach_error(void);
pthread_mutex_t rec, chk, plain = PTHREAD_MUTEX_INITIALIZER;
int inside;
void *worker(void *arg) {
  pthread_mutex_lock(&rec);
  if (inside != 0) reach_error();
  pthread_mutex_unlock(&rec);
  if (pthread_mutex_unlock(&chk) != EPERM) reach_error();
  return arg;
}
int main(void) {
  pthread_mutexattr_t a;
  int kind;
  pthread_mutexattr_init(&a);
  if (pthread_mutexattr_settype(&a, 99) != EINVAL) reach_error();
  pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
  pthread_mutexattr_gettype(&a, &kind);
  if (kind != PTHREAD_MUTEX_RECURSIVE) reach_error();
  pthread_mutex_init(&rec, &a);
  pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK);
  pthread_mutex_init(&chk, &a);
  pthread_mutexattr_destroy(&a);
  pthread_t t;
  pthread_mutex_lock(&chk);
  pthread_create(&t, 0, worker, 0);
  pthread_mutex_lock(&rec);
  pthread_mutex_lock(&rec);
  inside = 1;
  inside = 0;
  pthread_mutex_unlock(&rec);
  pthread_mutex_unlock(&rec);
  if (pthread_mutex_lock(&chk) != EDEADLK) reach_error();
  pthread_mutex_unlock(&chk);
  pthread_mutex_lock(&plain);
  if (pthread_mutex_trylock(&plain) != EBUSY) reach_error();
  pthread_mutex_unlock(&plain);
  pthread_join(t, 0);
  return 0;
}
