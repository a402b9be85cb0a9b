// expect: unknown(misaligned)
// decide: explicit
// unknown: undefined
// A pointer chosen at run time (a `select`, kept in a register) into a byte buffer, then read as
// `unsigned`: at offset 1 the read is misaligned, undefined behaviour (C11 6.3.2.3p7), so the
// answer is unknown although the value read is the one expected.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
unsigned buf[4];
int main(void) {
  int k = __VERIFIER_nondet_int();
  unsigned char *bytes = (unsigned char *)buf;
  unsigned char *p = k ? bytes + 1 : bytes + 4;
  unsigned v = *(unsigned *)p;
  if (v != 0)
    reach_error();
  return 0;
}
