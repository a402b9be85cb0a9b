// expect: true
// decide: synergy
// A fill of 300 cells with a constant, then a read at an input index inside the array: the
// quantified invariant instantiated at the input index.
int __VERIFIER_nondet_int(void);
int main(void) {
  int a[300];
  int i;
  for (i = 0; i < 300; i++) a[i] = 42;
  int j = __VERIFIER_nondet_int();
  if (j < 0 || j >= 300) return 0;
  if (a[j] != 42) reach_error();
  return 0;
}
