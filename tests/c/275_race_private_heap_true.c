// expect: true
// property: no-data-race
// decide: explicit
// Each thread fills a heap array of its own without locks: the arrays are never reachable from
// another thread, so there is no race (and their accesses are invisible to the interleaving).
#include <pthread.h>
#include <stdlib.h>
void *worker(void *arg) {
  int *mine = malloc(4 * sizeof *mine);
  if (!mine) return arg;
  for (int i = 0; i < 4; i++) mine[i] = i;
  int sum = 0;
  for (int i = 0; i < 4; i++) sum += mine[i];
  free(mine);
  return sum == 6 ? arg : 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  worker(0);
  pthread_join(t, 0);
  return 0;
}
