// Figure 8 of the SYNERGY paper: N independent if-then-else diamonds, then a check on a variable
// set before them (see ../../families.rs for the template syntax).
//@ variant diamonds20.c N=20
// Figure 8 of the SYNERGY paper: 20 independent if-then-else diamonds, then a check on a
// variable set before them. True with O(n) refinements, not 2^n tests.
// expect: true
// max-iterations: 200
//@ variant diamonds40.c N=40
// Figure 8 of the SYNERGY paper: 40 independent if-then-else diamonds, then a check on a
// variable set before them. True with O(n) refinements, not 2^n tests (the bound grows linearly
// from diamonds20.c).
// expect: true
// max-iterations: 400
//@ code
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int lock = __VERIFIER_nondet_int();
  if (lock != 1) return 0;
//@ for K in 0..@N@
  int x@K@ = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x@K@ = x@K@ + 1; } else { x@K@ = x@K@ - 1; }
//@ end
  if (lock != 1)
    reach_error();
  return 0;
}
