// expect: false(unreach-call)
// decide: explicit
// nextafterf steps to the neighbouring float, with glibc's ERANGE for a subnormal or infinite
// result (none when stepping off zero; it was an unknown function: the answer was unknown).
// The ulp of 3 is 2^-22, not 2^-21: the check fails when k == 3.
#include <errno.h>
#include <math.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void);

int main(void) {
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(k >= 1 && k <= 4);
  float x = (float)k;
  float up = nextafterf(x, 10.0f);
  float ulp = k == 1 ? 0x1p-23f : k <= 2 ? 0x1p-22f : 0x1p-21f;
  if (up - x != ulp || nextafterf(up, 0.0f) != x)
    reach_error();
  errno = 0;
  float tiny = nextafterf(0.0f, -1.0f);
  if (tiny != -0x1p-149f || errno != 0 || (nextafterf(0x1p-126f, 0.0f), errno) != ERANGE)
    reach_error();
  return 0;
}
