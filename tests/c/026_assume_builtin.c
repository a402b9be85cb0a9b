// expect: true
// __builtin_assume (llvm.assume).
int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > 10);
  __builtin_assume(x > 5);
  if (x <= 5) reach_error();
  return 0;
}
