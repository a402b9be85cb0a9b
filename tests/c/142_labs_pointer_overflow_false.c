// expect: false(no-overflow)
// property: no-overflow
// decide: explicit
// labs(LONG_MIN) through a function pointer runs the library's labs (not clang's builtin): the
// runtime reports the overflow, at the caller's line.
#include <limits.h>
#include <stdlib.h>
int main(void) {
  long (*volatile f)(long) = labs;
  long v = __VERIFIER_nondet_bool() ? LONG_MIN : 5;
  return f(v) == 5;
}
