// expect: false(unreach-call)
// decide: synergy
// 1280 where the last element is overwritten: the check fails at i = n - 1 for every n.
void reach_error(void);
int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(1 <= n && n <= 1000)) return 0;
  {
    int a[n];
    for (int i = 0; i < n; i++) a[i] = 3 * i + 1;
    a[n - 1] = 0;
    for (int i = 0; i < n; i++)
      if (a[i] != 3 * i + 1) reach_error();
  }
  return 0;
}
