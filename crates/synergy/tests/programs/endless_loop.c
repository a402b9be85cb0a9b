// A correct program whose loop never ends, with the error after it (Table 1's test16.c, 3
// iterations): x stays 0 or 1, so x >= 0 always holds. vigil needs 2: one test, and one
// split of the loop head by x < 0 (the error after the loop is part of the head's step).
// paper: test16.c, 3 iterations (Table 1)
// expect: true
// max-iterations: 3
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = 0;
  while (x >= 0) { if (__VERIFIER_nondet_int()) x = 1; else x = 0; }
  reach_error();
  return 0;
}
