// expect: false(unreach-call)
// decide: explicit
// An input read while two threads run: the counterexample names its value (42), so the
// harness reproduces the bug natively whatever the schedule (the joins fix the results).
#include <pthread.h>
extern unsigned char __VERIFIER_nondet_uchar(void);
void *work(void *arg) {
  return arg;
}
int flag = 1;
int main(void) {
  pthread_t a;
  void *r;
  pthread_create(&a, 0, work, &flag);
  unsigned char x = __VERIFIER_nondet_uchar();
  pthread_join(a, &r);
  if (x == 42 && r == &flag) reach_error();
  return 0;
}
