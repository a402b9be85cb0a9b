// expect: true
// decide: explicit
// The bytes of a symbolic int read one by one are the bits of its term (little-endian): put back
// together they give the int again, for every input.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned char *p = (unsigned char *)&x;
  unsigned v = p[0] | (unsigned)p[1] << 8 | (unsigned)p[2] << 16 | (unsigned)p[3] << 24;
  if (v != (unsigned)x)
    reach_error();
  if ((p[3] & 0x80) != (x < 0 ? 0x80 : 0))
    reach_error();
  return 0;
}
