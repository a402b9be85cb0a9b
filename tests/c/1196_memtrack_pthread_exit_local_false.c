// expect: false(valid-memtrack)
// property: valid-memsafety
// decide: explicit
// The worker's only pointer to its block is a local, and the worker ends by pthread_exit: its
// stack is gone and the block with it (LeakSanitizer reports it natively). vigil answered
// `true`: the runtime ended the thread in two steps, and a transition could end between them,
// after the thread was marked ended and before its stack was freed; an ended thread never runs
// again, so its frames stayed in the thread table for good. The thread now ends in one atomic
// step.
#include <pthread.h>
#include <stdlib.h>
void *worker(void *arg) {
  int *p = malloc(sizeof *p);
  if (p) *p = 1;
  pthread_exit(0);
}
int main(void) {
  pthread_t t;
  if (pthread_create(&t, 0, worker, 0)) return 0;
  pthread_join(t, 0);
  return 0;
}
