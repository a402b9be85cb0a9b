// expect: true
// property: valid-memsafety
// decide: explicit
// The counterpart of 1198: main hands its block to a worker, which frees it, and ends by
// pthread_exit while the worker may still run; the worker's end then ends the process.
#include <pthread.h>
#include <stdlib.h>
void *worker(void *arg) {
  free(arg);
  return 0;
}
int main(void) {
  int *p = malloc(sizeof *p);
  if (!p) return 0;
  *p = 1;
  pthread_t t;
  if (pthread_create(&t, 0, worker, p)) { free(p); return 0; }
  pthread_exit(0);
}
