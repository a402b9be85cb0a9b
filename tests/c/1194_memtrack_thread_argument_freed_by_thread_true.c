// expect: true
// property: valid-memsafety
// decide: explicit
// The counterpart of 1193: only the worker's parameter points to the block once main has
// dropped its pointer, and the worker frees it.
#include <pthread.h>
#include <stdlib.h>
void *worker(void *arg) {
  int *p = arg;
  *p += 1;
  free(p);
  return 0;
}
int main(void) {
  int *p = malloc(sizeof *p);
  if (!p) return 0;
  *p = 1;
  pthread_t t;
  if (pthread_create(&t, 0, worker, p)) { free(p); return 0; }
  p = 0;
  pthread_join(t, 0);
  return 0;
}
