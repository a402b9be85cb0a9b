// expect: true
// __builtin_expect (llvm.expect) and __builtin_abs (llvm.abs).
int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > -1000000 && x < 1000000);
  if (__builtin_expect(x < 0, 0)) x = -x;
  if (__builtin_abs(x) != x) reach_error();
  long y = __VERIFIER_nondet_long();
  __VERIFIER_assume(y > -5 && y < 5);
  if (__builtin_labs(y) < 0) reach_error();
  return 0;
}
