// expect: false(no-overflow)
// property: no-overflow
// decide: explicit
// abs(INT_MIN) is signed overflow (C11 7.22.6.1: the result is not representable). clang turns
// the call into llvm.abs with "INT_MIN is poison"; the trace ends at the call's line.
#include <limits.h>
#include <stdlib.h>
int main(void) {
  signed char c = __VERIFIER_nondet_char();
  int x = c == -128 ? INT_MIN : c;
  int y = abs(x);
  return y > 1000;
}
