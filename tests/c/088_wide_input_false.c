// expect: false(unreach-call)
// decide: synergy static
// A bug behind one value of a 32-bit input: the explicit engine's sampled inputs miss it, the
// symbolic engines solve for it and the VM confirms it.
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = x * 3 + 7;
  if (y == 1000000) /* x == 333331 */
    reach_error();
  return 0;
}
