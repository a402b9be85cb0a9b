// expect: false(no-data-race)
// property: no-data-race
// decide: explicit
// A thread writes a global that main reads with no lock: the two accesses can happen at the
// same time (a data race).
#include <pthread.h>
int shared;
void *writer(void *arg) {
  shared = 1;
  return arg;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, writer, 0);
  int seen = shared;
  pthread_join(t, 0);
  return seen;
}
