// expect: false(unreach-call)
// decide: explicit
// 400 with turn set before the flag in the second thread: then both threads can enter the
// critical section in a sequentially consistent interleaving, so a racy program's violation is
// a real schedule and the answer is false (under either explicit.racy mode).
#include <pthread.h>
void reach_error(void);
int flag0, flag1, turn, inside;
void *p0(void *arg) {
  flag0 = 1;
  turn = 1;
  while (flag1 && turn == 1) {
  }
  inside++;
  if (inside != 1) reach_error();
  inside--;
  flag0 = 0;
  return arg;
}
void *p1(void *arg) {
  turn = 0;
  flag1 = 1;
  while (flag0 && turn == 0) {
  }
  inside++;
  if (inside != 1) reach_error();
  inside--;
  flag1 = 0;
  return arg;
}
int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, p0, 0);
  pthread_create(&b, 0, p1, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
