// expect: false(unreach-call)
// decide: explicit
// The shift amount reaches 31, the last one defined for a 32-bit operand (C11 6.5.7p3), and
// that shift moves the top bit down to bit 0: the error is reachable with n == 31.
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n >= 32)
    return 0;
  unsigned v = 0x80000000u >> n;
  if (v == 1)
    reach_error();
  return 0;
}
