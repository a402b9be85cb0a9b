// expect: true
// decide: synergy
// Recursion as deep as the input (up to a million calls): synergy answers the call with the
// proven summary "n >= 0 => result == n" instead of inlining it.
int __VERIFIER_nondet_int(void);
int id(int n) {
  if (n <= 0) return 0;
  return id(n - 1) + 1;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000000) return 0;
  if (id(n) != n) reach_error();
  return 0;
}
