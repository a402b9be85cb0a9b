// expect: true
// decide: synergy
// `b` is `a` reversed (1000 inputs): the invariant relates `b`'s ghost cell to `a`'s at the
// mirrored offset (`ka ≠ 3996 − kb ∨ kb ≥ 4i ∨ gb == ga`).
int __VERIFIER_nondet_int(void);
void reach_error(void);
int main(void) {
  int a[1000];
  int b[1000];
  int i;
  for (i = 0; i < 1000; i++) a[i] = __VERIFIER_nondet_int();
  for (i = 0; i < 1000; i++) b[i] = a[999 - i];
  for (i = 0; i < 1000; i++) {
    if (a[i] != b[999 - i]) reach_error();
  }
  return 0;
}
