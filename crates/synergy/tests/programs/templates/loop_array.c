// Figure 4 of the SYNERGY paper: loop.c's pattern with the values in a two-element array that
// mem2reg cannot promote, then a check COND (see ../../families.rs for the template syntax).
//@ variant loop1000_array.c COND=a[0] <= 0
// Figure 4 of the SYNERGY paper: as loop1000.c, with the values in a two-element array that
// mem2reg cannot promote (the engine models its two cells).
// paper: test5.c, 2 iterations (Table 1)
// expect: false
// max-iterations: 2
//@ variant loop1000_array_pos.c COND=a[0] > 0
// Figure 4 of the SYNERGY paper, check inverted (error iff a[0] > 0): as loop1000.c, with the values in a two-element array that
// mem2reg cannot promote (the engine models its two cells).
// paper: test3.c, 5 iterations (Table 1)
// expect: false
// max-iterations: 5
//@ code
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int a[2];
  int i = 0, j = 1;
  a[0] = __VERIFIER_nondet_int();
  a[1] = 0;
  while (i < 1000) {
    a[1] = a[1] + i;
    i = i + 1;
  }
  if (@COND@)
    reach_error();
  return 0;
}
