// expect: false(unreach-call)
// decide: synergy
// As 724, but the check fails for n == 7: the error is reached only through the loop's
// last visit (1000 iterations in).
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned s = 0;
  for (unsigned i = 0; i < 1000; i++)
    s += 2;
  if (n == 7 && s == 2000) reach_error();
  return 0;
}
