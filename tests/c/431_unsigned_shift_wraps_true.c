// expect: true
// property: no-overflow
// decide: explicit
// Left shifts whose results stay representable, and an unsigned left shift that wraps (defined
// in C, no overflow): the front end knows which `shl` is signed, so the unsigned one is not
// reported and the signed one is proved in range for every input (non-negative ones: a negative
// operand is undefined, tests 857/858).
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned u = __VERIFIER_nondet_uint();
  unsigned v = u << 4;
  unsigned char c = (unsigned char)u;
  unsigned w = (unsigned)c << 24;
  if (x < 0 || x > 511)
    return 0;
  int y = x << 22;
  return v + w > 7 && y > 0;
}
