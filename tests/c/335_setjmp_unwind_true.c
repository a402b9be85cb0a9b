// expect: true
// decide: explicit
// longjmp out of a recursion of depth 1..5 unwinds every frame and resumes after setjmp, which
// returns the value given; a volatile local keeps its last value.
#include <setjmp.h>
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
static jmp_buf env;
static int depth;
static void dive(int n) {
  depth++;
  if (n == 0) longjmp(env, 7);
  dive(n - 1);
}
int main(void) {
  unsigned char n = __VERIFIER_nondet_uchar() % 5;
  volatile int count = 0;
  int r = setjmp(env);
  count++;
  if (r == 0) {
    dive(n);
    reach_error(); /* never: dive always jumps */
  }
  if (r != 7 || count != 2 || depth != n + 1) reach_error();
  return 0;
}
