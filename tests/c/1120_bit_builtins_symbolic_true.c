// expect: true
// decide: explicit
// Population counts, leading and trailing zero counts, byte swaps and rotations of inputs are
// terms (LLVM's ctpop, ctlz, cttz, bswap, fshl/fshr): every value of the 32- and 64-bit inputs
// is covered, so the identities below are proved rather than sampled.
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
static void check(int ok) {
  if (!ok)
    reach_error();
}
static int bits_by_loop(unsigned v) {
  int c = 0;
  for (int k = 0; k < 32; k++)
    c += (v >> k) & 1;
  return c;
}
int main(void) {
  unsigned v = __VERIFIER_nondet_uint();
  unsigned long w = __VERIFIER_nondet_ulong();
  check(__builtin_popcount(v) == bits_by_loop(v));
  check(__builtin_popcount(v) + __builtin_popcount(~v) == 32);
  check(__builtin_popcountl(w) <= 64);
  if (v != 0) {
    int lead = __builtin_clz(v), trail = __builtin_ctz(v);
    check(lead + trail <= 31);
    check((v >> (31 - lead)) == 1);
    check(((v >> trail) & 1) == 1);
  }
  check(__builtin_bswap32(__builtin_bswap32(v)) == v);
  check((__builtin_bswap64(w) >> 56) == (w & 0xff));
  unsigned short h = (unsigned short)v;
  check(__builtin_bswap16(h) == (unsigned short)((h << 8) | (h >> 8)));
  unsigned r = (v << 7) | (v >> 25);
  check(((r >> 7) | (r << 25)) == v);
  return 0;
}
