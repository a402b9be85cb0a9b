// expect: false(unreach-call)
// decide: synergy
// 1174 with the global changed between the call and the check: the result is n plus the old
// base, not the new one.
void reach_error(void);
int __VERIFIER_nondet_int(void);
int base;
int up(int n) {
  if (n <= 0) return base;
  return up(n - 1) + 1;
}
int main(void) {
  base = __VERIFIER_nondet_int();
  int n = __VERIFIER_nondet_int();
  if (base < 0 || base > 1000 || n < 0 || n > 1000) return 0;
  int r = up(n);
  base = base + 1;
  if (r != n + base) reach_error();
  return 0;
}
