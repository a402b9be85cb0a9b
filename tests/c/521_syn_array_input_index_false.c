// expect: false(unreach-call)
// decide: synergy
// As 520, but the check double-counts the first cell: the error needs the input 0.
int __VERIFIER_nondet_int(void);
int main(void) {
  int a[4] = {0, 0, 0, 0};
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 4) return 0;
  a[i] = 5;
  if (a[0] + a[1] + a[2] + a[3] + a[0] != 5) reach_error();
  return 0;
}
