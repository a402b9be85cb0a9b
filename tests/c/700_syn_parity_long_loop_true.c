// expect: true
// decide: synergy
// A counter stepping by 2 from an even start runs about 2^27 times before its bound: no test
// reaches the loop's exit. The proof needs the parity invariant x & 1 == 0 at the loop head
// (proven inductive, then the head's regions are restricted to it) and a refinement of the
// part of the abstract error trace past the tests (the exit's check), which is infeasible on
// its own once the head is restricted.
int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  if (x & 1)
    x = 0;
  while (x < 0x0fffffffu)
    x += 2;
  if (x % 2 != 0) reach_error();
  return 0;
}
