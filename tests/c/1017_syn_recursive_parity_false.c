// expect: false(unreach-call)
// decide: synergy
// 1016 with a wrong base case: even(6) answers 0, so odd(n) is wrong for every odd n >= 7.
void reach_error(void);
int __VERIFIER_nondet_int(void);
int odd(int n);
int even(int n) {
  if (n == 0) return 1;
  if (n == 6) return 0;
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
