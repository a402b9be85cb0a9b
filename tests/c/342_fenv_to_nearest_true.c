// expect: true
// decide: explicit
// The rounding mode is to nearest: fegetround says so and setting it again succeeds.
#include <fenv.h>
extern void reach_error(void);
int main(void) {
  if (fegetround() != FE_TONEAREST) reach_error();
  if (fesetround(FE_TONEAREST) != 0) reach_error();

  double x = 1.0 / 3.0;
  if (x * 3.0 != 1.0) reach_error();
  return 0;
}
