// expect: true
// decide: synergy
// An input-controlled counting loop whose proof needs t == 3*k (the paper's test19 pattern):
// the first test does not enter the loop (n = 0), so after the first split of the loop head
// one more test goes around the loop, and the generalisation finds the relation in the tests'
// values at the head.
unsigned __VERIFIER_nondet_uint(void);
void reach_error(void);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned k = 0, t = 0;
  while (k < n) { k++; t += 3; }
  if (t != 3 * k) reach_error();
  return 0;
}
