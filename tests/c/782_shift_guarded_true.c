// expect: true
// decide: explicit
// Shifts whose amount is checked against the width first are defined (C11 6.5.7p3): the bound
// check on the shift amount must not turn a proof into unknown.
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned long long wide = 1ull;
  unsigned v = 0;
  if (n < 32)
    v = 0x80000000u >> n;
  if (n < 64)
    wide = wide << n;
  if (n < 32 && v == 0)
    reach_error();
  if (n < 64 && wide == 0)
    reach_error();
  return 0;
}
