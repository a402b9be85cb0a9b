// expect: true
// decide: synergy
// Every one of 1000 inputs is at most their running maximum: the invariant at the maximum
// loop relates the array to a register, `∀k < i. a[k] ≤ m` (ghost cell: `k ≥ 4i ∨ g ≤ m`),
// and after it `∀k. a[k] ≤ m`, instantiated at each read of the checking loop.
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
    if (a[i] > m) reach_error();
  }
  return 0;
}
