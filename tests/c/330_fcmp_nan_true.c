// expect: true
// decide: explicit
// NaN is unordered: every ordered comparison with it is false, != is true; -0.0 == 0.0.
#include <math.h>
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
int main(void) {
  double x = __VERIFIER_nondet_uchar();
  double nan = 0.0 / (x - x);
  if (nan == nan || nan < x || nan >= x || !(nan != x)) reach_error();
  if (!isnan(nan) || isinf(nan) || !isfinite(x)) reach_error();
  if (-0.0 != 0.0 || signbit(0.0) || !signbit(-0.0 * (x + 1))) reach_error();
  if (!isinf((x + 1.0) / 0.0)) reach_error();
  return 0;
}
