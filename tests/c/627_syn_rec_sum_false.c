// expect: false(unreach-call)
// decide: synergy
// As 626 with the error where the sum is 77 after at least 40 calls.
int __VERIFIER_nondet_int(void);
int sum(int n, int m) {
  if (n <= 0) return m + n;
  return sum(n - 1, m + 1);
}
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (a < 40 || a > 100000 || b < 0 || b > 100000) return 0;
  if (sum(a, b) == 77) reach_error();
  return 0;
}
