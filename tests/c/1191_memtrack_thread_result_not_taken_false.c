// expect: false(valid-memtrack)
// property: valid-memsafety
// decide: explicit
// The worker returns a block, and main joins it without taking the result: nothing points to
// the block any more (LeakSanitizer reports it natively). vigil's runtime kept every thread's
// result in its thread table for good, so the block stayed reachable and vigil answered `true`.
// pthread_join now takes the result out of the table.
#include <pthread.h>
#include <stdlib.h>
void *worker(void *arg) {
  int *p = malloc(sizeof *p);
  if (p) *p = 1;
  return p;
}
int main(void) {
  pthread_t t;
  if (pthread_create(&t, 0, worker, 0)) return 0;
  pthread_join(t, 0);
  return 0;
}
