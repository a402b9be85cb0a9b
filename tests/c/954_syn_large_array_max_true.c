// expect: true
// decide: synergy
// The maximum of 150 inputs is at least the first of them (a relation between the running
// maximum and a tracked cell). Each cell is read once into `x`: with `if (a[i] > m) m = a[i];`
// synergy proves it too (the two reads are one step's), but the witness checker, block by
// block, sees two unrelated reads and cannot check the invariant.
int __VERIFIER_nondet_int(void);
int main(void) {
  int a[150];
  int i;
  for (i = 0; i < 150; i++) a[i] = __VERIFIER_nondet_int();
  int m = a[0];
  for (i = 1; i < 150; i++) {
    int x = a[i];
    if (x > m) m = x;
  }
  if (m < a[0]) reach_error();
  return 0;
}
