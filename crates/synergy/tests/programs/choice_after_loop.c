// A deterministic loop with a nondeterministic branch inside and the check after the loop
// (Table 1's test11.c, 2 iterations). vigil needs 4: one test, two splits (the loop's exit,
// then its head by lock != 1 && i >= 1000) and the final iteration that finds no abstract error
// trace; vigil counts that last iteration, and a proof needs at least one test and one split.
// paper: test11.c, 2 iterations (vigil 4, see above)
// expect: true
// max-iterations: 4
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int i = 0, lock = 0;
  while (i < 1000) {
    lock = 1;
    if (__VERIFIER_nondet_int()) { lock = 0; lock = 1; }
    i++;
  }
  if (lock != 1) reach_error();
  return 0;
}
