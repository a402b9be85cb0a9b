// expect: true
// decide: explicit
// The sibling of tests/c 1219 written as POSIX asks: the predicate is tested again after every
// return of pthread_cond_wait (and of the C11 cnd_wait), so a spurious wake-up only makes the
// thread wait once more. vigil explores spurious returns and still proves it.
#include <pthread.h>
#include <threads.h>
extern void reach_error(void);
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static mtx_t m11;
static cnd_t c11;
static int ready, ready11;
static void *producer(void *arg) {
  pthread_mutex_lock(&m);
  ready = 1;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  mtx_lock(&m11);
  ready11 = 1;
  cnd_signal(&c11);
  mtx_unlock(&m11);
  return arg;
}
int main(void) {
  pthread_t t;
  if (mtx_init(&m11, mtx_plain) != thrd_success || cnd_init(&c11) != thrd_success)
    return 0;
  if (pthread_create(&t, 0, producer, 0) != 0)
    return 0;
  pthread_mutex_lock(&m);
  while (!ready)
    pthread_cond_wait(&c, &m);
  if (!ready)
    reach_error();
  pthread_mutex_unlock(&m);
  mtx_lock(&m11);
  while (!ready11)
    cnd_wait(&c11, &m11);
  if (!ready11)
    reach_error();
  mtx_unlock(&m11);
  pthread_join(t, 0);
  return 0;
}
