// expect: true
// decide: explicit
// The exactly rounded math.h functions and their errno, for inputs 0..255.
#include <errno.h>
#include <math.h>
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
int main(void) {
  unsigned char n = __VERIFIER_nondet_uchar();
  double x = n / 4.0;
  if (sqrt(x * x) != x) reach_error();
  if (floor(x) != n / 4 || ceil(x) != (n + 3) / 4) reach_error();
  if (fmod(x, 1.0) != (n % 4) / 4.0) reach_error();
  if (round(2.5) != 3.0 || rint(2.5) != 2.0 || trunc(-2.7) != -2.0) reach_error();
  int e;
  double m = frexp(x, &e);
  if (n && (m < 0.5 || m >= 1.0 || ldexp(m, e) != x)) reach_error();
  if (fmin(x, NAN) != x || fmax(-x, 1.0) != 1.0 || copysign(x, -1.0) != -x) reach_error();
  errno = 0;
  if (!isnan(sqrt(-1.0 - x)) || errno != EDOM) reach_error();
  errno = 0;
  if (ldexp(1.0 + x, 2000) != HUGE_VAL || errno != ERANGE) reach_error();
  return 0;
}
