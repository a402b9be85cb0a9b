// expect: false(no-data-race)
// property: no-data-race
// decide: explicit
// One thread increments atomically, main reads the same int with a plain load: not both
// accesses are atomic, so they race.
#include <pthread.h>
int counter;
void *worker(void *arg) {
  __atomic_fetch_add(&counter, 1, __ATOMIC_SEQ_CST);
  return arg;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  int now = counter;
  pthread_join(t, 0);
  return now;
}
