// expect: false(unreach-call)
// unknown: incomplete:input-sampled
// flags: --symbolic never
// The bug needs one specific int: sampled inputs miss it, and the engine must then not say true.
// (With symbolic inputs, the default, the explicit engine finds it: see 088.)
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 12345) reach_error();
  return 0;
}
