// expect: true
// decide: explicit
// Rounding upward: 1.0 / 3.0 is a constant clang folds to nearest (as natively), the product
// with 3.0 is computed at run time upward: the exact product is just below 1, so it rounds up to
// 1.0 and the error is not reached (to nearest it would be too; tests/c 1108 and 1109 tell the
// directions apart). Until session 27 directed rounding was not modelled and this was unknown.
#include <fenv.h>
extern void reach_error(void);
int main(void) {
  if (fegetround() != FE_TONEAREST) reach_error();
  if (fesetround(FE_TONEAREST) != 0) reach_error();
  fesetround(FE_UPWARD);
  double x = 1.0 / 3.0;
  if (x * 3.0 != 1.0) reach_error();
  return 0;
}
