// expect: unknown(left shift that overflows if its operand is signed)
// property: no-overflow
// decide: explicit
// unknown: undefined
// One macro expansion holds a signed and an unsigned left shift at the same source location, so
// the front end cannot tell which `shl` is the signed one and marks neither. The unsigned shift
// wraps (defined in C) and the signed one stays in range, but vigil may not call the wrapping
// shift an overflow: it answers unknown. (Before, both shifts were marked signed and the
// wrapping one was reported as a signed overflow, which only native confirmation caught.)
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
#define BOTH(a, b) (((a) << 4) + ((b) << 4))
int main(void) {
  unsigned int u = __VERIFIER_nondet_uint();
  int s = __VERIFIER_nondet_int();
  if (s < 0 || s > 1000)
    return 0;
  unsigned int r = BOTH(s, u);
  return (int)(r & 1);
}
