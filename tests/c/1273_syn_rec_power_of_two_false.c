// expect: false(unreach-call)
// decide: synergy
// 1272 with n up to 31: 2^31 wraps to INT_MIN (signed overflow wraps under unreach-call),
// so pw(31) <= 0 and the second check fails.
void reach_error(void);
int __VERIFIER_nondet_int(void);
int pw(int n) {
  if (n == 0) return 1;
  return 2 * pw(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 31) return 0;
  int p = pw(n);
  if (p <= 0) reach_error();
  return 0;
}
