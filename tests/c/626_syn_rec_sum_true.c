// expect: true
// decide: synergy
// Two parameters, one counted down and one up (SV-COMP's sum_NxM shape) with inputs: the
// summary "result == n + m" is proven for every n, so every depth is covered.
int __VERIFIER_nondet_int(void);
int sum(int n, int m) {
  if (n <= 0) return m + n;
  return sum(n - 1, m + 1);
}
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (a < 0 || a > 100000 || b < 0 || b > 100000) return 0;
  if (sum(a, b) != a + b) reach_error();
  return 0;
}
