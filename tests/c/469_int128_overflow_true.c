// expect: true
// property: no-overflow
// decide: explicit
// 64-bit products and sums computed in __int128 never overflow it.
extern long __VERIFIER_nondet_long(void);
typedef __int128 i128;

int main(void) {
  long x = __VERIFIER_nondet_long();
  long y = __VERIFIER_nondet_long();
  if (x < -2 || x > 2 || y < -2 || y > 2) return 0;
  long big = 0x7fffffffffffffffL - 3 + x;
  i128 p = (i128)big * big + (i128)big * y;
  i128 q = -(i128)big * big - big;
  return (p > 0) + (q < 0);
}
