// expect: true
// __builtin_elementwise_min/max: llvm.smin, llvm.smax, llvm.umin, llvm.umax.
int main(void) {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
  unsigned c = __VERIFIER_nondet_uint(), d = __VERIFIER_nondet_uint();
  int lo = __builtin_elementwise_min(a, b), hi = __builtin_elementwise_max(a, b);
  unsigned ulo = __builtin_elementwise_min(c, d), uhi = __builtin_elementwise_max(c, d);
  if (lo > hi || ulo > uhi) reach_error();
  if (lo != a && lo != b) reach_error();
  return 0;
}
