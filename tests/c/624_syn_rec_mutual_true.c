// expect: true
// decide: synergy
// Mutual recursion of input-dependent depth: both procedures' summaries ("result >= 0",
// "result <= 1") are proven at once, each assuming the other's.
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
  if (n < 0 || n > 100000) return 0;
  int r = even(n);
  if (r != 0 && r != 1) reach_error();
  return 0;
}
