// expect: true
// decide: explicit
// The pair of 512: the same inputs, and the error needs the largest unsigned long to have a
// successor, which it has not.
#include <limits.h>
int main(void) {
  unsigned long x = __VERIFIER_nondet_ulong();
  char c = __VERIFIER_nondet_char();
  if (x == ULONG_MAX && c == -1 && x + 1 != 0)
    reach_error();
  return 0;
}
