// expect: false(valid-deref)
// property: valid-memsafety
// decide: synergy
// As 691, but the recursion stops at 8 instead of 7: n = 8 (or 16, ...) writes one past the
// array.
int __VERIFIER_nondet_int(void);
int clamp(int n) {
  if (n <= 0) return 0;
  if (n > 8) return clamp(n - 8);
  return n;
}
int main(void) {
  int a[8] = {0};
  int n = __VERIFIER_nondet_int();
  a[clamp(n)] = 1;
  return a[0];
}
