// expect: unknown(invalid argument to a library function)
// decide: explicit
// Rounding upward is not modelled: the run stops at fesetround rather than compute wrongly.
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
