// expect: false(unreach-call)
// decide: explicit
// The sibling of 1106: the value kept across the jump is the one setjmp's second return
// compares, and one input reaches the error.
#include <setjmp.h>
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
static jmp_buf env;
static int steps;
static void jump(void) {
  unsigned char n = __VERIFIER_nondet_uchar();
  for (unsigned char i = 0; i < n % 4; i++)
    steps++;
  longjmp(env, 1);
}
int main(void) {
  int x = __VERIFIER_nondet_uchar();
  int y = x ^ 0x5a;
  if (setjmp(env) == 0)
    jump();
  else if (y == 0x5b)
    reach_error();
  return 0;
}
