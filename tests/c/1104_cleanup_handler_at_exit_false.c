// expect: false(unreach-call)
// decide: explicit
// The sibling of 1103: the handler pthread_exit runs sets the flag, so asserting that it did
// not fails (as it does natively with glibc).
#include <pthread.h>
#include <stdlib.h>
void reach_error(void) { abort(); }
int flag;
static void cleanup(void *arg) { flag = *(int *)arg; }
static void *thread(void *arg) {
  int v = 42;
  pthread_cleanup_push(cleanup, &v);
  pthread_exit(0);
  pthread_cleanup_pop(0);
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, thread, 0);
  pthread_join(t, 0);
  if (flag == 42)
    reach_error();
  return 0;
}
