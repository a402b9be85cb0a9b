// expect: unknown(float-to-integer conversion)
// decide: explicit
// Converting 3e9 to int is undefined behaviour (C11 6.3.1.4): no verdict for unreach-call.
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
int main(void) {
  unsigned char n = __VERIFIER_nondet_uchar();
  double d = n * 1e7 + 0.5;
  int i = (int)d;
  if (i < 0) return 1;
  return 0;
}
