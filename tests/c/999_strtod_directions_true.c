// expect: true
// decide: explicit
// strtod, strtof and atof round in the current direction, as glibc's do: "0.1" downward is the
// double below 0.1, upward 0.1 itself (0x1.999999999999ap-4 is above one tenth); an overflow
// rounding toward zero is the largest finite number, an underflow rounding upward the smallest
// subnormal, both with ERANGE.
#include <errno.h>
#include <fenv.h>
#include <float.h>
#include <stdlib.h>
extern void reach_error(void);
static void check(int ok) {
  if (!ok) reach_error();
}
int main(void) {
  fesetround(FE_DOWNWARD);
  double below = strtod("0.1", 0);
  fesetround(FE_UPWARD);
  double above = strtod("0.1", 0);
  check(below < above && above == 0.1);
  errno = 0;
  check(strtod("1e-400", 0) == 0x1p-1074 && errno == ERANGE);
  check(strtof("-1e-50", 0) == -0.0f);
  fesetround(FE_TOWARDZERO);
  errno = 0;
  check(strtod("1e400", 0) == DBL_MAX && errno == ERANGE);
  check(atof("-0.1") == -below);
  return 0;
}
