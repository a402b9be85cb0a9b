// expect: true
// decide: synergy
// A two-argument recursion in the style of Ackermann's function, down three levels of its
// first argument: lift(0, n) == n + 1, lift(1, n) == n + 3, lift(2, n) == 3 * n + 5. No
// summary over all levels holds; the per-value summaries "k == 2 => result == 3*n + 5"
// (a slope of 3 fitted to two concrete calls) are proven by induction, each with the one
// below, and show that the result exceeds n.
void reach_error(void);
int __VERIFIER_nondet_int(void);
int lift(int k, int n) {
  if (k == 0) return n + 1;
  if (n == 0) return lift(k - 1, 2);
  return lift(k - 1, lift(k, n - 1));
}
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 2) return 0;
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000) return 0;
  int r = lift(k, n);
  if (r <= n) reach_error();
  return 0;
}
