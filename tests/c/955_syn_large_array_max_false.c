// expect: false(unreach-call)
// decide: synergy
// 954 claiming the maximum exceeds the first input strictly: equal inputs refute it.
int __VERIFIER_nondet_int(void);
int main(void) {
  int a[150];
  int i;
  for (i = 0; i < 150; i++) a[i] = __VERIFIER_nondet_int();
  int m = a[0];
  for (i = 1; i < 150; i++) {
    if (a[i] > m) m = a[i];
  }
  if (m <= a[0]) reach_error();
  return 0;
}
