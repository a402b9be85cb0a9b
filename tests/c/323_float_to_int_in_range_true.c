// expect: true
// decide: explicit
// Conversions toward zero within range: (int)-2.9 == -2, (unsigned char)255.9 == 255, and
// (unsigned)-0.5 == 0 (the truncated value 0 fits).
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
int main(void) {
  unsigned char n = __VERIFIER_nondet_uchar();
  double d = n + 0.9;
  unsigned char c = (unsigned char)d;
  if (c != n) reach_error();
  int m = (int)(-d);
  if (m != -(int)n) reach_error();
  unsigned u = (unsigned)(-0.5 * (n % 2));
  if (u != 0) reach_error();
  return 0;
}
