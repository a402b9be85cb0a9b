// expect: false(unreach-call)
// decide: synergy
// 983 with a wrong comparison: the maximum itself is a cell equal to it (with inputs 0 the
// first cell already is).
int __VERIFIER_nondet_int(void);
void reach_error(void);
int main(void) {
  int a[1000];
  int i;
  for (i = 0; i < 1000; i++) a[i] = __VERIFIER_nondet_int();
  int m = 0;
  for (i = 0; i < 1000; i++) {
    int x = a[i];
    if (x > m) m = x;
  }
  for (i = 0; i < 1000; i++) {
    if (a[i] >= m) reach_error();
  }
  return 0;
}
