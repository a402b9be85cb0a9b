// expect: false(unreach-call)
// decide: explicit
// The double after 1.0 is 1 + 2^-52, below 1.0000000000000004 (which reads as 1 + 2^-51).
extern void reach_error(void);
extern double nextafter(double, double);
extern unsigned char __VERIFIER_nondet_uchar(void);
int main(void) {
  double x = __VERIFIER_nondet_uchar();
  if (x == 1.0 && nextafter(x, 2.0) < 1.0000000000000004) reach_error();
  return 0;
}
