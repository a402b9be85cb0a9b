// Euclid's gcd by subtraction (SV-COMP's gcd01): positive arguments give a positive result.
// The summary "y1 >= 1 && y2 >= 1 => result > 0" has a precondition over both parameters
// (gcd(5, 0) == 0, so neither bound alone does) and is proven inductively.
// expect: true
// max-iterations: 10
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int gcd(int y1, int y2) {
  if (y1 <= 0 || y2 <= 0) return 0;
  if (y1 == y2) return y1;
  if (y1 > y2) return gcd(y1 - y2, y2);
  return gcd(y1, y2 - y1);
}
int main(void) {
  int m = __VERIFIER_nondet_int();
  int n = __VERIFIER_nondet_int();
  if (m <= 0 || n <= 0) return 0;
  if (gcd(m, n) < 1) reach_error();
  return 0;
}
