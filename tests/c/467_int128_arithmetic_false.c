// expect: false(unreach-call)
// decide: explicit
// An __int128 product that is exact only in 128 bits: x * 2^70 / 2^70 is x, but truncated to
// 64 bits it is 0. The check wrongly expects the truncated value for x == 3 (checked natively).
extern void reach_error(void);
extern long __VERIFIER_nondet_long(void);
typedef __int128 i128;

int main(void) {
  long x = __VERIFIER_nondet_long();
  if (x < 0 || x > 5) return 0;
  i128 p = (i128)x * ((i128)1 << 70);
  i128 q = p / ((i128)1 << 70);
  if (q != x) return 1;
  if ((long)p == 0 && (p >> 64) == 3 * 64) reach_error();
  return 0;
}
