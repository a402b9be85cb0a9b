// expect: true
// decide: synergy
// Two arrays of 1000 inputs compared cell by cell, a flag cleared at the first difference;
// while the flag is set, every cell compared so far agrees (`same == 0 ∨ ka ≠ kb ∨ ka ≥ 4i ∨
// ga == gb`), so a set flag after the loop means equal arrays.
int __VERIFIER_nondet_int(void);
void reach_error(void);
int main(void) {
  int a[1000];
  int b[1000];
  int i;
  for (i = 0; i < 1000; i++) {
    a[i] = __VERIFIER_nondet_int();
    b[i] = __VERIFIER_nondet_int();
  }
  int same = 1;
  for (i = 0; i < 1000; i++) {
    if (a[i] != b[i]) same = 0;
  }
  if (same) {
    for (i = 0; i < 1000; i++) {
      if (a[i] != b[i]) reach_error();
    }
  }
  return 0;
}
