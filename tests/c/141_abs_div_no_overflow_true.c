// expect: true
// property: no-overflow
// decide: explicit
// abs, labs, llabs, imaxabs (also called through pointers, which reaches the library functions
// rather than clang's builtin) and div/ldiv/lldiv/imaxdiv on every value of a char but the ones
// whose result is not representable: no overflow, and glibc's results.
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
int main(void) {
  signed char c = __VERIFIER_nondet_char();
  int x = c == -128 ? INT_MIN + 1 : c * 1000;
  int (*abs_fn)(int) = abs;
  long (*labs_fn)(long) = labs;
  long long (*llabs_fn)(long long) = llabs;
  intmax_t (*imaxabs_fn)(intmax_t) = imaxabs;
  if (abs(x) != (x < 0 ? -x : x) || abs_fn(x) != abs(x)) reach_error();
  if (labs_fn((long)x) != labs((long)x) || llabs_fn(x) != abs(x) || imaxabs_fn(x) != abs(x)) reach_error();
  if (abs_fn(INT_MIN + 1) != INT_MAX) reach_error();
  int d = c == 0 ? 7 : c;
  div_t q = div(x, d);
  if (q.quot != x / d || q.rem != x % d || q.quot * d + q.rem != x) reach_error();
  ldiv_t lq = ldiv(-7L, 2L);
  lldiv_t llq = lldiv(7LL, -2LL);
  imaxdiv_t iq = imaxdiv(INTMAX_MIN, 2);
  if (lq.quot != -3 || lq.rem != -1 || llq.quot != -3 || llq.rem != 1) reach_error();
  if (iq.quot != INTMAX_MIN / 2 || iq.rem != 0) reach_error();
  return 0;
}
