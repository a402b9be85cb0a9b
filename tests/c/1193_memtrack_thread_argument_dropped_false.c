// expect: false(valid-memtrack)
// property: valid-memsafety
// decide: explicit
// main hands a block to the worker and forgets it; the worker ignores its argument and ends, and
// then nothing points to the block (LeakSanitizer reports it natively). vigil's runtime kept
// every thread's argument in its thread table, so the block stayed reachable and vigil answered
// `true`. The argument is now only the start routine's parameter.
#include <pthread.h>
#include <stdlib.h>
void *worker(void *arg) { return 0; }
int main(void) {
  int *p = malloc(sizeof *p);
  if (!p) return 0;
  pthread_t t;
  if (pthread_create(&t, 0, worker, p)) return 0;
  p = 0;
  pthread_join(t, 0);
  return 0;
}
