// expect: false(unreach-call)
// decide: explicit
// Rounding upward, 1/(3n) is above the exact value and so is its product with 3n: the product
// is never exactly 1 (rounding to nearest it is, for every n here). The error is reached for
// n = 1 already.
#include <fenv.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 20) return 0;
  fesetround(FE_UPWARD);
  float part = 1.0f / (float)(3 * n);
  float whole = part * (float)(3 * n);
  if (whole != 1.0f) reach_error();
  return 0;
}
