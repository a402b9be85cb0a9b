// expect: true
// property: valid-memsafety
// decide: explicit
// The counterpart of 1196: the worker keeps its block in a global before pthread_exit, and main
// frees it after the join.
#include <pthread.h>
#include <stdlib.h>
int *kept;
void *worker(void *arg) {
  int *p = malloc(sizeof *p);
  if (p) *p = 1;
  kept = p;
  pthread_exit(0);
}
int main(void) {
  pthread_t t;
  if (pthread_create(&t, 0, worker, 0)) return 0;
  pthread_join(t, 0);
  free(kept);
  return 0;
}
