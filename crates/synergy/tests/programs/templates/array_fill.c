// A loop fills the first FILLED cells of an array by a variable index, LAST sets the others, a
// second loop checks them all (see ../../families.rs for the template syntax).
//@ variant array_fill.c FILLED=4 | LAST=
// A loop fills an array by a variable index, a second loop checks it: the partition names the
// four cells one by one (out of reach for large arrays: no quantified invariants).
// expect: true
// max-iterations: 80
//@ variant array_fill_pos.c FILLED=3 | LAST=a[3] = n + 1;
// As array_fill.c, but the last cell is filled with another value: found by a directed test.
// expect: false
// max-iterations: 10
//@ code
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int a[4];
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < @FILLED@; i++) a[i] = n;
  @LAST@
  for (int i = 0; i < 4; i++)
    if (a[i] != n) reach_error();
  return 0;
}
