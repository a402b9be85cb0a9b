// A correct loop with the check inside it and a finite reachable bisimulation quotient (Table 1's
// test15.c, 3 iterations). vigil needs 2: one test, and one split of the loop head by s > 1,
// since the check, the branch and the join that assigns s are all part of the head's step
// (crate::locations: the join is an empty block that only jumps on).
// paper: test15.c, 3 iterations (Table 1)
// expect: true
// max-iterations: 3
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int s = 0;
  while (__VERIFIER_nondet_int()) {
    if (s > 1) reach_error();
    if (__VERIFIER_nondet_int()) s = 1; else s = 0;
  }
  return 0;
}
