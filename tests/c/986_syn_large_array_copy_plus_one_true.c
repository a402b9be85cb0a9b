// expect: true
// decide: synergy
// A copy of 1000 inputs, each plus one, checked everywhere: the invariant relates the two
// arrays' ghost cells at the same offset (`kb ≠ ka ∨ kb ≥ 4i ∨ gb == ga + 1`); the check
// reads both arrays at one offset, an instance of it.
int __VERIFIER_nondet_int(void);
void reach_error(void);
int main(void) {
  int a[1000];
  int b[1000];
  int i;
  for (i = 0; i < 1000; i++) a[i] = __VERIFIER_nondet_int();
  for (i = 0; i < 1000; i++) b[i] = a[i] + 1;
  for (i = 0; i < 1000; i++) {
    if (b[i] != a[i] + 1) reach_error();
  }
  return 0;
}
