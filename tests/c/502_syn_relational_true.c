// expect: true
// decide: synergy
// The proof needs the relational invariant s == 2*i (learnt from the tests' values at the loop
// head: their affine hull, checked inductive by the solver); without it SYNERGY splits on
// s == 2, s == 4, … for ever.
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
