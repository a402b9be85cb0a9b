// A correct program whose loop never ends, with the error after it (Table 1's test16.c, 3
// iterations): x stays 0 or 1, so x >= 0 always holds. vigil needs 4: one test, two splits (the
// loop's exit and its head) and the final iteration, which vigil counts.
// paper: test16.c, 3 iterations (vigil 4, see above)
// expect: true
// max-iterations: 4
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = 0;
  while (x >= 0) { if (__VERIFIER_nondet_int()) x = 1; else x = 0; }
  reach_error();
  return 0;
}
