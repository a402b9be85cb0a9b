// expect: false(unreach-call)
// decide: explicit
// longjmp(env, 0) makes setjmp return 1 (C11 7.13.2.1p4).
#include <setjmp.h>
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
static jmp_buf env;
static void fail(int code) { longjmp(env, code); }
int main(void) {
  unsigned char n = __VERIFIER_nondet_uchar();
  int r = setjmp(env);
  if (r == 0) {
    if (n > 200) fail(0);
    return 0;
  }
  if (r == 1) reach_error(); /* longjmp(env, 0) makes setjmp return 1 */
  return 0;
}
