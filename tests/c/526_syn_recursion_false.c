// expect: false(unreach-call)
// decide: synergy
// As 525 with a bound one too small: the input 6 (sum 21) reaches the error.
int __VERIFIER_nondet_int(void);
int sum(int n) {
  if (n <= 0) return 0;
  return n + sum(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 6) return 0;
  if (sum(n) > 20) reach_error();
  return 0;
}
