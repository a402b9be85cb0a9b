// expect: false
// decide: synergy
// 952 claiming the scan stops before the sentinel: inputs that are all non-zero reach it.
int __VERIFIER_nondet_int(void);
int main(void) {
  int a[100];
  int i;
  for (i = 0; i < 99; i++) a[i] = __VERIFIER_nondet_int();
  a[99] = 0;
  for (i = 0; a[i] != 0; i++) {
  }
  if (i == 99) reach_error();
  return 0;
}
