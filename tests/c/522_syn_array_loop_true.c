// expect: true
// decide: synergy
// A loop fills an array by a variable index, then an input index reads it back: SYNERGY's
// regions name the cells one by one (the array is small), so the proof unrolls the fill.
int __VERIFIER_nondet_int(void);
int main(void) {
  int a[5];
  for (int i = 0; i < 5; i++) a[i] = 2 * i;
  int j = __VERIFIER_nondet_int();
  if (j < 0 || j >= 5) return 0;
  if (a[j] != 2 * j) reach_error();
  return 0;
}
