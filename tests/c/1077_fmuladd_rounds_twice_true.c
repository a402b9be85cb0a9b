// expect: true
// decide: explicit
// clang's default `-ffp-contract=on` turns `x * 10.0 - 10.0` into `llvm.fmuladd`, which x86-64
// without FMA (clang's default target) computes as a rounded product and then a rounded sum.
// The VM fused them into one rounding, so values differed from native runs in the last bit
// (ESBMC's floats-regression/digits_for: a false that native confirmation contradicted; the same
// program asserting the other value would have been a wrong true).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { abort(); }
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 7 || k > 9) return 0;
  double x = 1.0 / k * 10.0;
  double y = x * 10.0 - 10.0;
  float fx = 1.0f / k * 10.0f;
  float fy = fx * 10.0f - 10.0f;
  if (k == 7 && (y != 0x1.1249249249248p+2 || fy != 0x1.124928p+2f)) reach_error();
  return 0;
}
