// expect: true
// decide: explicit
// Inputs over small domains are enumerated completely: a proof, not a sample.
int main(void) {
  unsigned char a = __VERIFIER_nondet_uchar();
  _Bool neg = __VERIFIER_nondet_bool();
  int v = neg ? -(int)a : (int)a;
  if (v > 255 || v < -255) reach_error();
  if (neg && a > 0 && v >= 0) reach_error();
  return 0;
}
