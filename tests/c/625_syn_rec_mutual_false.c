// expect: false(unreach-call)
// decide: synergy
// As 624, with an error only for even inputs above 50 (a recursion 52 calls deep at least).
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
  if (even(n) == 1 && n > 50) reach_error();
  return 0;
}
