// expect: false(unreach-call)
// decide: synergy
// 952 claiming the scan always stops at the sentinel: a zero input stops it earlier.
int __VERIFIER_nondet_int(void);
int main(void) {
  int a[200];
  int i;
  for (i = 0; i < 199; i++) a[i] = __VERIFIER_nondet_int();
  a[199] = 0;
  for (i = 0; a[i] != 0; i++) {
  }
  if (i != 199) reach_error();
  return 0;
}
