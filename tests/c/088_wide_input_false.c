// expect: false(unreach-call)
// decide: explicit synergy static
// A bug behind one value of a 32-bit input: sampled inputs would miss it; the explicit engine's
// symbolic data and the symbolic engines solve for it, and the VM confirms it.
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = x * 3 + 7;
  if (y == 1000000) /* x == 333331 */
    reach_error();
  return 0;
}
