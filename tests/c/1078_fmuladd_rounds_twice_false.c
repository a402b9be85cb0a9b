// expect: false(unreach-call)
// decide: explicit
// 1077's sibling: the product is rounded before the sum, so y is the twice-rounded value and
// the error is reached (natively too).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { abort(); }
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 7 || k > 9) return 0;
  double x = 1.0 / k * 10.0;
  double y = x * 10.0 - 10.0;
  if (k == 7 && y == 0x1.1249249249248p+2) reach_error();
  return 0;
}
