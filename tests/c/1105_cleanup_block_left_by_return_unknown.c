// expect: true
// unknown: undefined
// Returning from inside a pthread_cleanup_push/_pop block is undefined (POSIX, XSH
// pthread_cleanup_pop: leaving the block by return, break, continue or goto); glibc happens to
// run no handler. vigil reports the undefined behaviour (unknown) instead of choosing.
#include <pthread.h>
#include <stdlib.h>
void reach_error(void) { abort(); }
int ran;
static void cleanup(void *arg) { ran = 1; }
static void *thread(void *arg) {
  pthread_cleanup_push(cleanup, 0);
  if (arg)
    return arg;
  pthread_cleanup_pop(0);
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, thread, (void *)1);
  pthread_join(t, 0);
  if (ran)
    reach_error();
  return 0;
}
