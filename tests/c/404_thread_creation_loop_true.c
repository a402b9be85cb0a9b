// expect: true
// decide: explicit
// 403 with a bounded loop and the checker's condition impossible: every interleaving of the
// checker with three workers is explored (the mixed search order is as complete as a DFS).
#include <pthread.h>
void reach_error(void);
int x;
void *worker(void *arg) {
  __atomic_fetch_add(&x, 1, __ATOMIC_SEQ_CST);
  return arg;
}
void *checker(void *arg) {
  if (__atomic_load_n(&x, __ATOMIC_SEQ_CST) > 3) reach_error();
  return arg;
}
int main(void) {
  pthread_t t[4];
  pthread_create(&t[0], 0, checker, 0);
  for (int i = 1; i < 4; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < 4; i++)
    pthread_join(t[i], 0);
  if (x != 3) reach_error();
  return 0;
}
