// expect: true
// decide: explicit
// 1079's sibling: for a non-zero operand the counts are defined and exact.
#include <stdlib.h>
extern unsigned char __VERIFIER_nondet_uchar(void);
void reach_error(void) { abort(); }
int main(void) {
  unsigned char c = __VERIFIER_nondet_uchar();
  unsigned x = c;
  if (x == 0) return 0;
  int lz = __builtin_clz(x), tz = __builtin_ctz(x);
  if (lz < 24 || lz > 31 || tz > 7) reach_error();
  if (!(x >> (31 - lz)) || ((x >> tz) & 1) != 1) reach_error();
  if (__builtin_clzll((unsigned long long)x << 40) != lz - 8) reach_error();
  return 0;
}
