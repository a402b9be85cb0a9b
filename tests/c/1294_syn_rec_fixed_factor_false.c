// expect: false(unreach-call)
// decide: synergy
// 1293 with the strict bound: times(1, n) == n, so "the result exceeds n" fails for k == 1.
void reach_error(void);
int __VERIFIER_nondet_int(void);
int times(int k, int n) {
  if (k == 0) return 0;
  return n + times(k - 1, n);
}
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 1 || k > 2) return 0;
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000) return 0;
  int r = times(k, n);
  if (r <= n) reach_error();
  return 0;
}
