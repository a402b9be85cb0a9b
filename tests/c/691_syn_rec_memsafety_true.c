// expect: true
// property: valid-memsafety
// decide: synergy
// A recursive function's result indexes a local array (issue 18 audit: recursion x
// valid-memsafety): the summary "0 <= result <= 7" keeps the access in bounds.
int __VERIFIER_nondet_int(void);
int clamp(int n) {
  if (n <= 0) return 0;
  if (n > 7) return clamp(n - 8);
  return n;
}
int main(void) {
  int a[8] = {0};
  int n = __VERIFIER_nondet_int();
  a[clamp(n)] = 1;
  return a[0];
}
