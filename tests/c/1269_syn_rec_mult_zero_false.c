// expect: false(unreach-call)
// decide: synergy
// 1268 with a wrong base case: a second factor of 0 gives 1, so mult(m, 0) != 0.
void reach_error(void);
int __VERIFIER_nondet_int(void);
int mult(int n, int m) {
  if (m < 0) return mult(n, -m);
  if (m == 0) return 1;
  return n + mult(n, m - 1);
}
int main(void) {
  int m = __VERIFIER_nondet_int();
  if (m < 0 || m > 1000) return 0;
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000) return 0;
  int res1 = mult(m, n);
  if (res1 != 0 && n == 0) reach_error();
  return 0;
}
