// expect: true
// decide: explicit
// pthread_cleanup_push/_pop (glibc's macros: __sigsetjmp, __pthread_register_cancel, ...):
// pthread_exit runs the registered handlers, innermost first, before the thread-specific data's
// destructors and the end of the thread; pop(1) runs a handler, pop(0) does not. Checked
// natively against glibc 2.36.
#include <pthread.h>
#include <stdlib.h>
void reach_error(void) { abort(); }
int order[4];
int n;
static void note(void *arg) { order[n++] = *(int *)arg; }
static void *exits(void *arg) {
  int a = 1, b = 2, c = 3;
  pthread_cleanup_push(note, &a);
  pthread_cleanup_push(note, &b);
  pthread_cleanup_pop(0);
  pthread_cleanup_push(note, &c);
  if (arg)
    pthread_exit(arg);
  pthread_cleanup_pop(1);
  pthread_cleanup_pop(1);
  return 0;
}
int main(void) {
  pthread_t t;
  void *r;
  pthread_create(&t, 0, exits, (void *)7);
  pthread_join(t, &r);
  if (r != (void *)7 || n != 2 || order[0] != 3 || order[1] != 1)
    reach_error();
  n = 0;
  pthread_create(&t, 0, exits, 0);
  pthread_join(t, &r);
  if (r != 0 || n != 2 || order[0] != 3 || order[1] != 1)
    reach_error();
  return 0;
}
