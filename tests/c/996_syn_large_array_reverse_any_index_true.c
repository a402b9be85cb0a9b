// expect: true
// decide: synergy
// 988's reversal checked once, at an index chosen by the input after the loop: the
// invariant's instance at the two reads `a[k]` and `b[999 - k]` (offsets summing to 3996).
int __VERIFIER_nondet_int(void);
void reach_error(void);
int main(void) {
  int a[1000];
  int b[1000];
  int i;
  for (i = 0; i < 1000; i++) a[i] = __VERIFIER_nondet_int();
  for (i = 0; i < 1000; i++) b[i] = a[999 - i];
  int k = __VERIFIER_nondet_int();
  if (k >= 0 && k < 1000 && a[k] != b[999 - k]) reach_error();
  return 0;
}
