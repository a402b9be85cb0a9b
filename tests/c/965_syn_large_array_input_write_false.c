// expect: false(unreach-call)
// decide: synergy
// 964 with one cell, at an input index, overwritten between the loops: the check finds it.
int __VERIFIER_nondet_int(void);
int a[1000];
int main(void) {
  int i;
  for (i = 0; i < 1000; i++) a[i] = 3 * i + 7;
  int j = __VERIFIER_nondet_int();
  if (j < 0 || j >= 1000) return 0;
  a[j] = 0;
  for (i = 0; i < 1000; i++) {
    if (a[i] != 3 * i + 7) reach_error();
  }
  return 0;
}
