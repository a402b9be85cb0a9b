// expect: false(valid-memtrack)
// property: valid-memsafety
// decide: explicit
// main ends by pthread_exit, the last thread: the process exits with status 0 once main's stack
// is unwound, so the block that only main's local pointed to is lost (LeakSanitizer reports it
// natively). vigil's runtime called exit from inside pthread_exit, with main's frames still on
// the stack, and answered `true`.
#include <pthread.h>
#include <stdlib.h>
int main(void) {
  int *p = malloc(sizeof *p);
  if (!p) return 0;
  *p = 1;
  pthread_exit(0);
}
