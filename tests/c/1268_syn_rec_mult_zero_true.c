// expect: true
// decide: synergy
// SV-COMP's MultCommutative: multiplication by repeated addition. A product is 0 when the
// second factor is 0; the summary "m >= 0 && m < 1 => result == 0" (a range of one
// parameter) is proven by induction. Large factors wrap (signed overflow wraps under
// unreach-call), which no summary used here depends on.
void reach_error(void);
int __VERIFIER_nondet_int(void);
int mult(int n, int m) {
  if (m < 0) return mult(n, -m);
  if (m == 0) return 0;
  return n + mult(n, m - 1);
}
int main(void) {
  int m = __VERIFIER_nondet_int();
  if (m < 0) return 0;
  int n = __VERIFIER_nondet_int();
  if (n < 0) return 0;
  int res1 = mult(m, n);
  if (res1 != 0 && n == 0) reach_error();
  return 0;
}
