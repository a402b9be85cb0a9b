// expect: true
// decide: explicit
// Two threads increment under a spinlock: no update is lost; trylock on a held lock is EBUSY.
#include <pthread.h>
#include <errno.h>
void reach_error(void);
pthread_spinlock_t spin;
int count;
void *worker(void *arg) {
  pthread_spin_lock(&spin);
  count++;
  pthread_spin_unlock(&spin);
  return arg;
}
int main(void) {
  pthread_t t;
  pthread_spin_init(&spin, PTHREAD_PROCESS_PRIVATE);
  pthread_create(&t, 0, worker, 0);
  pthread_spin_lock(&spin);
  count++;
  pthread_spin_unlock(&spin);
  pthread_join(t, 0);
  if (count != 2) reach_error();
  pthread_spin_lock(&spin);
  if (pthread_spin_trylock(&spin) != EBUSY) reach_error();
  pthread_spin_unlock(&spin);
  pthread_spin_destroy(&spin);
  return 0;
}
