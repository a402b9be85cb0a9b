// expect: true
// llvm.ctpop, llvm.ctlz, llvm.cttz.
int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  if (x == 0) return 0;
  int pop = __builtin_popcount(x);
  int lz = __builtin_clz(x), tz = __builtin_ctz(x);
  if (pop < 1 || pop > 32) reach_error();
  if (lz + tz > 31) reach_error();
  if (__builtin_popcountll(0xffULL) != 8) reach_error();
  return 0;
}
