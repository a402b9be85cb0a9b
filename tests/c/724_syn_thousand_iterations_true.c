// expect: true
// decide: synergy
// A loop of 1000 iterations (chains of 1000+ forest states) before the check: the query
// along the loop head's latest visit (where it exits) must still be asked although its
// chain is longer than the cap of the optional queries after a test cut at the step bound.
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned s = 0;
  for (unsigned i = 0; i < 1000; i++)
    s += 2;
  if (n == 7 && s != 2000) reach_error();
  return 0;
}
