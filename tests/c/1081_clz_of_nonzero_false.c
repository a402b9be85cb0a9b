// expect: false(unreach-call)
// decide: explicit
// 1080's sibling: 128 has 24 leading zero bits in 32, so the error is reached.
#include <stdlib.h>
extern unsigned char __VERIFIER_nondet_uchar(void);
void reach_error(void) { abort(); }
int main(void) {
  unsigned x = __VERIFIER_nondet_uchar();
  if (x != 0 && __builtin_clz(x) == 24) reach_error();
  return 0;
}
