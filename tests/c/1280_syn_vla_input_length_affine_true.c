// expect: true
// decide: synergy
// A variable-length array of an input length: a[i] = 3 * i + 1 for every i, then checked.
// The array ends at the stackrestore of its scope; its accesses check its size 4 * n.
void reach_error(void);
int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(1 <= n && n <= 1000)) return 0;
  {
    int a[n];
    for (int i = 0; i < n; i++) a[i] = 3 * i + 1;
    for (int i = 0; i < n; i++)
      if (a[i] != 3 * i + 1) reach_error();
  }
  return 0;
}
