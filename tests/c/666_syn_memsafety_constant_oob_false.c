// expect: false(valid-deref)
// property: valid-memsafety
// decide: synergy
// A store at a constant offset past the end of a local array, on a path an input picks: the
// access is a check that always fails where it is reached (found by a directed test).
int __VERIFIER_nondet_int(void);
int main(void) {
  int a[4] = {0, 0, 0, 0};
  int *p = a;
  if (__VERIFIER_nondet_int() == 3) p[4] = 1;
  return a[0];
}
