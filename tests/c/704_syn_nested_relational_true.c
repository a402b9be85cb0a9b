// expect: true
// decide: synergy
// s == 10*i at the outer head rests on the inner head's invariant s == 10*i + j, j <= 10 (affine
// hull of the tests' values and the inner loop's bound): the outer loop's consecution havocs s
// and j at the inner head under that invariant, and the inner exit j >= 10 gives j == 10.
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned i = 0, s = 0;
  while (i < n) {
    unsigned j = 0;
    while (j < 10) {
      j++;
      s++;
    }
    i++;
  }
  if (s != 10 * i) reach_error();
  return 0;
}
