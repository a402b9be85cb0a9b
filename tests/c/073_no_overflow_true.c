// expect: true
// property: no-overflow
// decide: explicit
// Arithmetic on small inputs that cannot overflow.
int main(void) {
  unsigned char a = __VERIFIER_nondet_uchar(), b = __VERIFIER_nondet_uchar();
  int s = a * b + a - b;
  return s > 0;
}
