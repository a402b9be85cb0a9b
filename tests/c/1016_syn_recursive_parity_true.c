// expect: true
// decide: synergy
// Parity by two mutually recursive procedures, one step of the input per call, for any
// non-negative input. The proof needs the summaries `n >= 0 => result == (n & 1)` of one and
// `n >= 0 => result == (n & 1) ^ 1` of the other, proven together.
void reach_error(void);
int __VERIFIER_nondet_int(void);
int odd(int n);
int even(int n) {
  if (n == 0) return 1;
  return odd(n - 1);
}
int odd(int n) {
  if (n == 0) return 0;
  return even(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0) return 0;
  int r = odd(n);
  if (r != n % 2) reach_error();
  return 0;
}
