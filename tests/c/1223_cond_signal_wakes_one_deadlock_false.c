// expect: false(no-deadlock)
// property: no-deadlock
// decide: explicit
// Two workers wait for tokens; main makes two but signals once where it should broadcast.
// glibc's pthread_cond_signal wakes one waiter: the other stays blocked although a token is
// there, and main's join of it hangs (natively the program never ends). vigil's signal woke
// every waiter, so both took a token and vigil answered true.
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
  pthread_t a, b;
  if (pthread_create(&a, 0, worker, 0) != 0 || pthread_create(&b, 0, worker, 0) != 0)
    return 0;
  pthread_mutex_lock(&m);
  while (waiting < 2) { /* both workers are blocked in the wait once they have counted */
    pthread_mutex_unlock(&m);
    pthread_mutex_lock(&m);
  }
  tokens = 2;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
