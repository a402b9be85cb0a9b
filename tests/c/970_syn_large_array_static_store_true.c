// expect: true
// decide: synergy
// A fill of 400 cells with 5, then cell 123 set to 6 by a store at a constant index: a check
// loop at a variable index sees 6 exactly there. The check loop's quantified invariant has an
// exception cell (`k == 492 ∨ g == 5`), and the pinned cell a[123] holds 6.
int main(void) {
  int a[400];
  int i;
  for (i = 0; i < 400; i++) a[i] = 5;
  a[123] = 6;
  for (i = 0; i < 400; i++) {
    if (i == 123) {
      if (a[i] != 6) reach_error();
    } else if (a[i] != 5) {
      reach_error();
    }
  }
  return 0;
}
