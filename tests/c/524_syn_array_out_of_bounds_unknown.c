// expect: unknown(out of bounds)
// decide: synergy
// unknown: undefined
// The bounds check lets the index 8 through: a write one past the end of the array is
// undefined behaviour outside unreach-call, so no verdict; synergy's test reaches it.
int __VERIFIER_nondet_int(void);
int main(void) {
  int a[8];
  int j = __VERIFIER_nondet_int();
  if (j < 0 || j > 8) return 0;
  a[j] = 1;
  return 0;
}
