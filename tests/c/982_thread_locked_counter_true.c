// expect: true
// decide: explicit
// The sibling of 981 with the increments under a mutex: no update is lost in any interleaving,
// so the counter is always 50 (every interleaving explored; the depth-first probe finds no
// violation and the mixed search completes).
#include <pthread.h>
#include <stdio.h>
extern void reach_error(void);
int counter;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
void *worker(void *arg) {
  (void)arg;
  for (int i = 0; i < 25; i++) {
    pthread_mutex_lock(&lock);
    int seen = counter;
    counter = seen + 1;
    pthread_mutex_unlock(&lock);
  }
  return NULL;
}
int main(void) {
  pthread_t t;
  if (pthread_create(&t, NULL, worker, NULL))
    return 1;
  for (int i = 0; i < 25; i++) {
    pthread_mutex_lock(&lock);
    counter = counter + 1;
    pthread_mutex_unlock(&lock);
  }
  pthread_join(t, NULL);
  if (counter != 50)
    reach_error();
  return 0;
}
