// expect: true
// decide: explicit
// A writer updates two fields under a write lock; a reader under a read lock always sees them
// consistent. Also glibc's answers: EBUSY from the try variants while written, EDEADLK when the
// writer asks again.
#include <pthread.h>
#include <errno.h>
void reach_error(void);
pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
int a, b;
void *writer(void *arg) {
  pthread_rwlock_wrlock(&rw);
  a = 1;
  b = 1;
  pthread_rwlock_unlock(&rw);
  return arg;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, writer, 0);
  pthread_rwlock_rdlock(&rw);
  if (a != b) reach_error();
  pthread_rwlock_unlock(&rw);
  pthread_join(t, 0);
  pthread_rwlock_wrlock(&rw);
  if (pthread_rwlock_wrlock(&rw) != EDEADLK) reach_error();
  pthread_rwlock_unlock(&rw);
  if (pthread_rwlock_tryrdlock(&rw) != 0) reach_error();
  if (pthread_rwlock_trywrlock(&rw) != EBUSY) reach_error();
  pthread_rwlock_unlock(&rw);
  return 0;
}
