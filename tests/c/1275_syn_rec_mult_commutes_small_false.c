// expect: false(unreach-call)
// decide: synergy
// 1274 with a wrong shortcut for a second factor of 3 (n + n): mult(3, 2) == 6 but
// mult(2, 3) == 4.
void reach_error(void);
int __VERIFIER_nondet_int(void);
int mult(int n, int m) {
  if (m < 0) return mult(n, -m);
  if (m == 0) return 0;
  if (m == 3) return n + n;
  return n + mult(n, m - 1);
}
int main(void) {
  int m = __VERIFIER_nondet_int();
  if (m < 0 || m > 5) return 0;
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 5) return 0;
  int res1 = mult(m, n);
  int res2 = mult(n, m);
  if (res1 != res2 && m > 0 && n > 0) reach_error();
  return 0;
}
