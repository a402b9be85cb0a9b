// expect: true
// decide: synergy
// A flag toggled once per level of a recursion as deep as an unsigned input: the result is the
// input's parity. The proof needs the summary `result == (n & 1)` (for every n: 0 at the
// base, and 1 - ((n - 1) & 1) == (n & 1) for n > 0).
void reach_error(void);
unsigned __VERIFIER_nondet_uint(void);
int toggled(unsigned n) {
  if (n == 0) return 0;
  return 1 - toggled(n - 1);
}
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  int t = toggled(n);
  if (t != (int)(n % 2)) reach_error();
  return 0;
}
