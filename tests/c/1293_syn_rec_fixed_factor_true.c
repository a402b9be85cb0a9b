// expect: true
// decide: synergy
// A product recursion down a few values of its first argument: times(k, n) == k * n, for
// k = 0, 1, 2. Under the precondition k == 2 the template "result == k*n" is the same
// summary as "result == 2*n" (summary::Summary::new folds the fixed input into the
// constant), proven without a multiplier in the checks; each level's summary with the one
// below shows that the result is at least n for k >= 1.
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
  if (r < n) reach_error();
  return 0;
}
