// expect: false(no-overflow)
// property: no-overflow
// decide: synergy
// As 689, but the result is added to a large constant: sum(n) > 647 (n >= 36) overflows.
int __VERIFIER_nondet_int(void);
int sum(int n) {
  if (n <= 0) return 0;
  return n + sum(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n > 1000) return 0;
  return sum(n) + 2147483000 < 0;
}
