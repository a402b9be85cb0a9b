// expect: false(unreach-call)
// decide: explicit
// sqrt(2) squared is 2.0000000000000004 in binary64, not 2.
#include <math.h>
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
int main(void) {
  unsigned char n = __VERIFIER_nondet_uchar();
  double r = sqrt((double)n);
  if (n == 2 && r * r != 2.0) reach_error();
  return 0;
}
