// expect: true
// decide: synergy
// Two counters go up together to an unknown n; then one goes down while a third goes up, and
// the first must stay positive while the third is below n. The second loop's proof needs
// b + c >= n: b + c is the same at every iteration but differs from test to test (n, or 0 for
// a negative n), so no equality over the tests' values states it; a bound of the conserved sum
// against the input does.
void reach_error(void);
int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int a = 0, b = 0;
  while (a < n) {
    a++;
    b++;
  }
  int c = 0;
  while (c < n) {
    if (b <= 0) reach_error();
    c++;
    b--;
  }
  return 0;
}
