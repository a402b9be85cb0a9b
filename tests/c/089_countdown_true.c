// expect: true
// decide: synergy
// A loop over a 32-bit input: too many states to enumerate, one predicate for SYNERGY.
int main(void) {
  int y = __VERIFIER_nondet_int();
  int z = y;
  while (y > 0) y--;
  if (y > 0) reach_error();
  return z - z;
}
