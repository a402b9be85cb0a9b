// expect: true
// decide: explicit
// __int128 arithmetic (LLVM i128): shifts past 64 bits, a full 64x64->128 product, division and
// remainder, constants with high bits set (-1, -10^18), comparisons signed and unsigned, wide
// globals, arrays and arguments. Every check holds for all inputs in range (checked natively).
extern void reach_error(void);
extern long __VERIFIER_nondet_long(void);
typedef __int128 i128;
typedef unsigned __int128 u128;

static i128 g = 5;
static u128 mulw(unsigned long a, unsigned long b) { return (u128)a * b; }
static i128 twice(i128 v) { return v + v; }

int main(void) {
  long x = __VERIFIER_nondet_long();
  long y = __VERIFIER_nondet_long();
  if (x < -3 || x > 3 || y < -2 || y > 2) return 0;
  i128 a = (i128)x << 100;
  if (a >> 100 != x) reach_error();
  if ((x > 0) != (a > 0)) reach_error();
  u128 m = mulw(0xffffffffffffffffUL, 0xffffffffffffffffUL);
  if ((unsigned long)(m >> 64) != 0xfffffffffffffffeUL || (unsigned long)m != 1) reach_error();
  i128 c = (i128)x * -1000000000000000000LL * 1000;
  if (y != 0 && c / y * y + c % y != c) reach_error();
  if (-c != (i128)x * 1000000000000000000LL * 1000) reach_error();
  if (twice(c) != c * 2) reach_error();
  i128 neg = -1;
  if ((u128)neg != ~(u128)0 || neg >= 0 || (u128)neg < 5) reach_error();
  g += x;
  if (g - 5 != x) reach_error();
  i128 arr[3];
  arr[0] = 1;
  arr[1] = neg;
  arr[2] = (i128)1 << 90;
  if (arr[2] >> 90 != 1 || arr[1] != -1 || (long)(arr[2] >> 60) != 1L << 30) reach_error();
  return 0;
}
