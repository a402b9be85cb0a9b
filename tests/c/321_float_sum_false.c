// expect: false(unreach-call)
// decide: explicit
// Repeated addition of 0.1 differs from the product n * 0.1 for n = 6 (0.6 vs
// 0.6000000000000001): found in the VM and confirmed natively.
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
int main(void) {
  unsigned char n = __VERIFIER_nondet_uchar() % 11;
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += 0.1;
  if (s != n * 0.1) reach_error();
  return 0;
}
