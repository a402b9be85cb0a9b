// expect: true
// decide: explicit
// remainder (IEEE 754: the quotient rounded to nearest, ties to even), ilogb and logb, with
// glibc's errno: values that C and glibc fix exactly. They were unknown functions.
#include <assert.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
int main(void) {
  assert(remainder(5.0, 2.0) == 1.0);   /* 2.5 rounds to 2 */
  assert(remainder(7.0, 2.0) == -1.0);  /* 3.5 rounds to 4 */
  assert(remainder(-7.5, 3.0) == -1.5); /* -2.5 rounds to -2 */
  assert(signbit(remainder(-4.0, 2.0)));
  assert(remainderf(10.0f, 3.0f) == 1.0f);
  errno = 0;
  assert(isnan(remainder(1.0, 0.0)) && errno == EDOM);
  assert(ilogb(1.0) == 0 && ilogb(0.75) == -1 && ilogb(1e-310) == -1030);
  errno = 0;
  assert(ilogb(0.0) == INT_MIN && errno == EDOM);
  assert(logb(1024.0) == 10.0 && isinf(logb(0.0)) && logb(0.0) < 0);
  errno = 0;
  assert(isinf(scalbln(1.0, 5000000L)) && errno == ERANGE);
  return 0;
}
