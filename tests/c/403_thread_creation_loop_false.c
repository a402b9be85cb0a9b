// expect: false(unreach-call)
// decide: explicit
// main creates threads in an endless loop (until pthread_create fails with EAGAIN at 64, and on):
// a depth-first search stays in that branch for ever, but the bug needs only the first worker
// to run before the checker. The search order auto (a DFS and a BFS step in turn once there are
// threads) reaches it (SV-COMP's pthread_vs_false has this shape).
#include <pthread.h>
void reach_error(void);
int x;
void *worker(void *arg) {
  x = 1;
  return arg;
}
void *checker(void *arg) {
  if (x == 1) reach_error();
  return arg;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, checker, 0);
  while (1) {
    pthread_create(&t, 0, worker, 0);
  }
}
