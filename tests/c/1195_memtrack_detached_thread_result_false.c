// expect: false(valid-memtrack)
// property: valid-memsafety
// decide: explicit
// A detached thread returns a block: nobody can join it, so the result is lost when the thread
// ends (glibc frees the descriptor; LeakSanitizer reports the block natively once the thread
// has ended before exit). vigil's runtime kept the result in its thread table and answered
// `true`.
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>
void *worker(void *arg) {
  int *p = malloc(sizeof *p);
  if (p) *p = 1;
  return p;
}
int main(void) {
  pthread_t t;
  if (pthread_create(&t, 0, worker, 0)) return 0;
  pthread_detach(t);
  sleep(1);
  return 0;
}
