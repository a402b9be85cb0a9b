// expect: true
// A fill of 400 cells with 5, then cell 123 set to 6 by a store at a constant index: a check
// loop at a variable index sees 6 exactly there. Synergy answers unknown (no wrong answer):
// the invariant of the check loop has an exception cell (`k == 492 ∨ g == 5`), which its
// quantified candidates do not guess.
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
