// expect: false(valid-deref)
// property: valid-memsafety
// decide: explicit
// A thread frees a shared object that main may still read: freeing a shared object is a
// visible action, so the interleaving with main's read after the free is explored.
#include <pthread.h>
#include <stdlib.h>
int *volatile box;
void *worker(void *arg) {
  int *p = box;
  *p = 2;
  free(p);
  return arg;
}
int main(void) {
  box = malloc(sizeof *box);
  if (!box) return 1;
  *box = 1;
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  int seen = *box;
  pthread_join(t, 0);
  return seen == 3;
}
