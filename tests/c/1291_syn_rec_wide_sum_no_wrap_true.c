// expect: true
// decide: synergy
// Addition by recursion on the second addend, with both addends below 2^31: the unsigned
// sum cannot wrap, so it is at least 2000 when both are at least 1000. The summary
// "result == a + b" is proven by induction (1292 is the twin whose sum wraps).
void reach_error(void);
unsigned __VERIFIER_nondet_uint(void);
unsigned add(unsigned a, unsigned b) {
  if (b == 0) return a;
  return add(a + 1, b - 1);
}
int main(void) {
  unsigned a = __VERIFIER_nondet_uint();
  unsigned b = __VERIFIER_nondet_uint();
  if (a < 1000 || b < 1000 || a >= 0x80000000u || b >= 0x80000000u) return 0;
  if (add(a, b) < 2000) reach_error();
  return 0;
}
