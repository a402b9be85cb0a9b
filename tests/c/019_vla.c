// expect: true
// A variable-length array: alloca with a variable count, stacksave/stackrestore.
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 0 && n < 32);
  for (int round = 0; round < 2; round++) {
    int v[n];
    for (int i = 0; i < n; i++) v[i] = i;
    if (v[n - 1] != n - 1) reach_error();
  }
  return 0;
}
