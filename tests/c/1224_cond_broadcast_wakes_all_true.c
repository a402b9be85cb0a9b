// expect: true
// property: no-deadlock
// decide: explicit
// The sibling of tests/c 1223 with the broadcast it needs: every blocked worker is woken, each
// takes a token, and both joins return. A third worker that comes after the broadcast and a
// second signal show that a signal goes to a thread blocked when it came (glibc's groups of
// waiters): the late worker gets the last token.
#include <pthread.h>
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int tokens, waiting;
static void *worker(void *arg) {
  pthread_mutex_lock(&m);
  waiting++;
  while (tokens == 0)
    pthread_cond_wait(&c, &m);
  tokens--;
  pthread_mutex_unlock(&m);
  return arg;
}
int main(void) {
  pthread_t a, b, late;
  if (pthread_create(&a, 0, worker, 0) != 0 || pthread_create(&b, 0, worker, 0) != 0)
    return 0;
  pthread_mutex_lock(&m);
  while (waiting < 2) {
    pthread_mutex_unlock(&m);
    pthread_mutex_lock(&m);
  }
  tokens = 2;
  pthread_cond_broadcast(&c);
  pthread_mutex_unlock(&m);
  if (pthread_create(&late, 0, worker, 0) != 0)
    return 0;
  pthread_mutex_lock(&m);
  tokens++;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  pthread_join(a, 0);
  pthread_join(b, 0);
  pthread_join(late, 0);
  return 0;
}
