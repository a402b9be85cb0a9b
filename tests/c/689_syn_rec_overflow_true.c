// expect: true
// property: no-overflow
// decide: synergy
// A recursive count of n steps for an input n of at most 10 (issue 18 audit: recursion x
// no-overflow): 1 + count(n - 1) and the caller's doubling cannot overflow. With n up to 1000
// synergy finds no summary bounding the result (unknown); the explicit engine proves that
// variant in about a minute.
int __VERIFIER_nondet_int(void);
int count(int n) {
  if (n <= 0) return 0;
  return 1 + count(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n > 10) return 0;
  return 2 * count(n) < 0;
}
