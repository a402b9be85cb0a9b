// expect: false(unreach-call)
// decide: synergy
// 1266 with a wrong base case: equal arguments give y1 - 1, so coprime inputs (2 and 3, say)
// end in gcd 0 and the check fails.
void reach_error(void);
int __VERIFIER_nondet_int(void);
int gcd(int y1, int y2) {
  if (y1 <= 0 || y2 <= 0) return 0;
  if (y1 == y2) return y1 - 1;
  if (y1 > y2) return gcd(y1 - y2, y2);
  return gcd(y1, y2 - y1);
}
int main(void) {
  int m = __VERIFIER_nondet_int();
  if (m <= 0 || m > 1000) return 0;
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 1000) return 0;
  int z = gcd(m, n);
  if (z < 1) reach_error();
  return 0;
}
