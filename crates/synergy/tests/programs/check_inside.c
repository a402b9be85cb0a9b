// A correct loop with the check inside it and a finite reachable bisimulation quotient (Table 1's
// test15.c, 3 iterations). vigil needs 6: its first test takes every input as 0 and so does not
// enter the loop (a second test is needed for the body), then three splits (the check, the loop
// head, the assignment's join) and the final iteration.
// paper: test15.c, 3 iterations (vigil 6, see above)
// expect: true
// max-iterations: 6
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
