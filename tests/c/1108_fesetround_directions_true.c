// expect: true
// decide: explicit
// The four rounding directions of <fenv.h>: each operation that rounds (a quotient, a product, a
// conversion to float, rint, lrint) and printf's digits follow the direction set by fesetround,
// as glibc on x86-64 does; an invalid mode is refused and changes nothing. The quotients and
// products of a nondeterministic n bracket the exact values from below and above.
#include <fenv.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
static void check(int ok) {
  if (!ok) reach_error();
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 40) return 0;
  fesetround(FE_DOWNWARD);
  check(fegetround() == FE_DOWNWARD);
  float low = 1.0f / (float)n;
  check(low * (float)n <= 1.0f);
  fesetround(FE_UPWARD);
  float high = 1.0f / (float)n;
  check(high * (float)n >= 1.0f);
  check(low <= high);
  check(rint(2.25) == 3.0 && lrint(-2.75) == -2);
  char text[16];
  snprintf(text, sizeof text, "%.2f", 0.001);
  check(strcmp(text, "0.01") == 0);
  fesetround(FE_TOWARDZERO);
  volatile int big = 16777217;
  check((float)big == 16777216.0f && (float)-big == -16777216.0f);
  volatile double third = 1.0 / 3.0;
  check((float)third == 0x1.555554p-2f); /* to nearest it is 0x1.555556p-2 */
  check(fesetround(0x1234) != 0 && fegetround() == FE_TOWARDZERO);
  fesetround(FE_DOWNWARD);
  check(lrint(-2.25) == -3);
  volatile double a = 0.5;
  double zero = a - a;
  check(signbit(zero) != 0); /* x - x is -0 rounding downward */
  fesetround(FE_TONEAREST);
  check(rint(2.5) == 2.0 && fegetround() == FE_TONEAREST);
  return 0;
}
