// expect: true
// decide: synergy
// The running minimum of 1000 inputs is at most every one of them (`∀k. a[k] ≥ m`).
int __VERIFIER_nondet_int(void);
void reach_error(void);
int main(void) {
  int a[1000];
  int i;
  for (i = 0; i < 1000; i++) a[i] = __VERIFIER_nondet_int();
  int m = 0;
  for (i = 0; i < 1000; i++) {
    int x = a[i];
    if (x < m) m = x;
  }
  for (i = 0; i < 1000; i++) {
    if (a[i] < m) reach_error();
  }
  return 0;
}
