// expect: true
// decide: synergy
// SV-COMP's gcd01 (Euclid by subtraction, recursive): for positive arguments the result is
// at least 1. The summary "y1 >= 1 && y2 >= 1 => result > 0" needs a precondition over both
// parameters (each bound alone does not hold: gcd(5, 0) == 0) and is proven by induction.
void reach_error(void);
int __VERIFIER_nondet_int(void);
int gcd(int y1, int y2) {
  if (y1 <= 0 || y2 <= 0) return 0;
  if (y1 == y2) return y1;
  if (y1 > y2) return gcd(y1 - y2, y2);
  return gcd(y1, y2 - y1);
}
int main(void) {
  int m = __VERIFIER_nondet_int();
  if (m <= 0) return 0;
  int n = __VERIFIER_nondet_int();
  if (n <= 0) return 0;
  int z = gcd(m, n);
  if (z < 1) reach_error();
  return 0;
}
