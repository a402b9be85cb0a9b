// expect: true
// decide: synergy
// An array written at an input index (issue 18, arrays indexed by expressions): the load and
// store become if-then-else over the four cells, and the input is eliminated from the
// precondition by a case split over the four values the bounds check leaves.
int __VERIFIER_nondet_int(void);
int main(void) {
  int a[4] = {0, 0, 0, 0};
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 4) return 0;
  a[i] = 5;
  if (a[0] + a[1] + a[2] + a[3] != 5) reach_error();
  return 0;
}
