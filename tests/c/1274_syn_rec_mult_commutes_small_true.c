// expect: true
// decide: synergy
// SV-COMP's MultCommutative with both factors in [0, 5]: mult(m, n) == mult(n, m). The true
// summary "m >= 0 => result == n * m" is past the solver's budget in Houdini (its inductive
// step is a multiplier's distributivity): it is dropped unproven and not proposed again, and
// the point summaries of the 36 calls prove the program.
void reach_error(void);
int __VERIFIER_nondet_int(void);
int mult(int n, int m) {
  if (m < 0) return mult(n, -m);
  if (m == 0) return 0;
  return n + mult(n, m - 1);
}
int main(void) {
  int m = __VERIFIER_nondet_int();
  if (m < 0 || m > 5) return 0;
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 5) return 0;
  int res1 = mult(m, n);
  int res2 = mult(n, m);
  if (res1 != res2 && m > 0 && n > 0) reach_error();
  return 0;
}
