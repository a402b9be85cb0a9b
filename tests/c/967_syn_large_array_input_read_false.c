// expect: false(unreach-call)
// decide: synergy
// 966 with the fill skipping cell 0: an input index 0 reads the global's zero.
int __VERIFIER_nondet_int(void);
int a[300];
int main(void) {
  int i;
  for (i = 1; i < 300; i++) a[i] = 42;
  int j = __VERIFIER_nondet_int();
  if (j < 0 || j >= 300) return 0;
  if (a[j] != 42) reach_error();
  return 0;
}
