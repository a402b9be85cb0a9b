// A counting loop whose proof needs the relational invariant s == 2*i: the generalisation
// takes it from the affine hull of the tests' values at the loop head. Without it SYNERGY
// splits on s == 2, s == 4, ... and does not converge.
// paper: test19.c, 24 iterations (Table 1)
// expect: true
// max-iterations: 24
// expect-without-generalization: unknown (within 30 iterations)
extern unsigned __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned i = 0, s = 0;
  while (i < n) {
    i++;
    s += 2;
  }
  if (s != 2 * i) reach_error();
  return 0;
}
