// Figure 3 of the SYNERGY paper (the SLAM lock example), with y advanced by STEP in the loop
// (see ../../families.rs for the template syntax).
//@ variant lock.c STEP=1
// Figure 3 of the SYNERGY paper (the SLAM lock example): the proof needs the predicates on
// lock and x == y.
// paper: test1.c, 9 iterations (Table 1)
// expect: true
// max-iterations: 9
// expect-ly: true
// expect-cegar: true
//@ variant lock_twice.c STEP=2
// Figure 3 of the SYNERGY paper with y advanced by 2 (Table 1's test2.c, 6 iterations): the
// proof needs lock == 1 and x == y at the loop's end, as for lock.c.
// paper: test2.c, 6 iterations
// expect: true
// max-iterations: 6
//@ code
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int lock;
int main(void) {
  int x, y = __VERIFIER_nondet_int();
  lock = 0;
  do {
    lock = 1;
    x = y;
    if (__VERIFIER_nondet_int()) {
      lock = 0;
      y = y + @STEP@;
    }
  } while (x != y);
  if (lock != 1)
    reach_error();
  return 0;
}
