// expect: unknown(shift by the operand's width or more)
// decide: explicit
// unknown: undefined
// A right shift of an unsigned operand by a nondeterministic amount that may reach the width:
// the assertion holds on every defined path, but the shift by 32 or more is undefined behaviour
// (C11 6.5.7p3), so the answer is unknown, never true.
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n > 40)
    return 0;
  unsigned v = 0x80000000u >> n;
  if (n < 32 && v == 0)
    reach_error();
  return 0;
}
