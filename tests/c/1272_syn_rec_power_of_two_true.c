// expect: true
// decide: synergy
// A recursive power of two equals the shift: the summary "result == 1 << n" is proven by
// induction for n in the range the check uses and beyond.
void reach_error(void);
int __VERIFIER_nondet_int(void);
int pw(int n) {
  if (n == 0) return 1;
  return 2 * pw(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 30) return 0;
  int p = pw(n);
  if (p != 1 << n) reach_error();
  if (p <= 0) reach_error();
  return 0;
}
