// expect: false(no-data-race)
// property: no-data-race
// decide: explicit
// main writes a private heap object, then publishes its address through a global; the thread
// reads the global and writes the object while main writes it again: once the pointer is stored
// into a shared object the heap object is shared, and the two writes race.
#include <pthread.h>
#include <stdlib.h>
int *volatile published;
void *worker(void *arg) {
  int *p = published;
  if (p) *p = 2;
  return arg;
}
int main(void) {
  int *box = malloc(sizeof *box);
  if (!box) return 1;
  *box = 0;
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  published = box;
  *box = 1;
  pthread_join(t, 0);
  free(box);
  return 0;
}
