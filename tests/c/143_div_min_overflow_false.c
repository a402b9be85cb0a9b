// expect: false(no-overflow)
// property: no-overflow
// decide: explicit
// div(INT_MIN, -1): the quotient is not representable (C11 7.22.6.2: undefined).
#include <limits.h>
#include <stdlib.h>
int main(void) {
  signed char c = __VERIFIER_nondet_char();
  div_t q = div(c < -100 ? INT_MIN : c, c < -100 ? -1 : 3);
  return q.rem;
}
