// expect: true
// decide: explicit
// A value held in a register (after mem2reg) that only the code after setjmp's second return
// reads: at the call of `jump`, the control-flow graph shows no later use of `y`, but the longjmp
// from inside it resumes after setjmp, which reads it. The VM cleared registers it thought dead
// whenever it stored a state (here at the loop in `jump`), so `y` was undefined after the jump
// (the error then followed a read of a cleared register: unknown); registers live after a
// setjmp call now count as live everywhere in its function.
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
  else if ((y ^ 0x5a) != x)
    reach_error();
  return 0;
}
