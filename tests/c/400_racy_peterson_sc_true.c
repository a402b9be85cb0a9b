// expect: true
// decide: explicit
// Peterson's mutual exclusion with plain (racy) accesses, as SV-COMP's pthread tasks write it:
// under sequential consistency both threads are never in the critical section at once, so the
// verdict is true (SV-COMP's semantics, vigil's default explicit.racy=sc); vigil adds a warning
// that the program has a data race and that x86-64's store buffers can break it (280 is the
// strict mode).
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
  flag1 = 1;
  turn = 0;
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
