// expect: false(unreach-call)
// decide: synergy
// An array of 100 cells declared inside an outer loop is filled with the round's number and
// read back at an input index: wrong claim that it always holds zero.
int __VERIFIER_nondet_int(void);
int main(void) {
  int r;
  for (r = 0; r < 3; r++) {
    int a[100];
    int i;
    for (i = 0; i < 100; i++) a[i] = r;
    int j = __VERIFIER_nondet_int();
    if (j < 0 || j >= 100) return 0;
    if (a[j] != 0) reach_error();
  }
  return 0;
}
