// expect: false(valid-memcleanup)
// property: valid-memcleanup
// decide: explicit
// main's block is never freed. A program with a second thread has states stored at every
// scheduling point, and the block is unreachable from main's return on: vigil answered `true`,
// as in 1184, because the stored state had forgotten it.
#include <pthread.h>
#include <stdlib.h>
void *worker(void *arg) { return arg; }
int main(void) {
  int *p = malloc(sizeof *p);
  if (!p) return 0;
  *p = 1;
  pthread_t t;
  if (pthread_create(&t, 0, worker, 0)) return 0;
  pthread_join(t, 0);
  return 0;
}
