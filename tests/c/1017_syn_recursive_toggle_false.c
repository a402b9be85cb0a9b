// expect: false(unreach-call)
// decide: synergy
// 1016 with the base case at 1: toggled(n) is 1 - (n & 1) for n >= 1.
void reach_error(void);
unsigned __VERIFIER_nondet_uint(void);
int toggled(unsigned n) {
  if (n <= 1) return 0;
  return 1 - toggled(n - 1);
}
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  int t = toggled(n);
  if (t != (int)(n % 2)) reach_error();
  return 0;
}
