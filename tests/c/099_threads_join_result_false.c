// expect: false(unreach-call)
// decide: explicit
// pthread_join returns what the thread's start routine returned (here also through
// pthread_exit), in every interleaving.
#include <pthread.h>
void *work(void *arg) {
  if (arg) pthread_exit((void *)42);
  return (void *)7;
}
int main(void) {
  pthread_t a, b;
  void *ra, *rb;
  pthread_create(&a, 0, work, (void *)1);
  pthread_create(&b, 0, work, 0);
  pthread_join(b, &rb);
  pthread_join(a, &ra);
  if ((long)ra == 42 && (long)rb == 7) reach_error();
  return 0;
}
