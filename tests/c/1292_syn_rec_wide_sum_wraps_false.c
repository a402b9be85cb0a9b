// expect: false(unreach-call)
// decide: synergy
// 1291 without the upper bounds: the sum of two addends of at least 1000 wraps below 2000
// when the first is near 2^32. A test must keep the recursion shallow: the depth is the
// second addend (the one the recursion compares), so it is kept small and the first made
// large (a model with both near 2^31 would recurse two billion times).
void reach_error(void);
unsigned __VERIFIER_nondet_uint(void);
unsigned add(unsigned a, unsigned b) {
  if (b == 0) return a;
  return add(a + 1, b - 1);
}
int main(void) {
  unsigned a = __VERIFIER_nondet_uint();
  unsigned b = __VERIFIER_nondet_uint();
  if (a < 1000 || b < 1000) return 0;
  if (add(a, b) < 2000) reach_error();
  return 0;
}
