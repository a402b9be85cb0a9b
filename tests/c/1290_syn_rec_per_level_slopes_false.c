// expect: false(unreach-call)
// decide: synergy
// 1289's recursion with a wrong claim: lift(2, 7) == 3 * 7 + 5 == 26, so a result of 26 on
// the third level is reached.
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
  if (k == 2 && r == 26) reach_error();
  return 0;
}
