// expect: true
// property: valid-memsafety
// decide: explicit
// The counterpart of 1191: main takes the worker's result from pthread_join and frees it.
#include <pthread.h>
#include <stdlib.h>
void *worker(void *arg) {
  int *p = malloc(sizeof *p);
  if (p) *p = 1;
  pthread_exit(p);
}
int main(void) {
  pthread_t t;
  void *r = 0;
  if (pthread_create(&t, 0, worker, 0)) return 0;
  pthread_join(t, &r);
  free(r);
  return 0;
}
