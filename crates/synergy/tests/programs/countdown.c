// Figure 6 of the SYNERGY paper: no abstract error trace at all (the error is behind
// assume(0)), so SYNERGY answers at once; Lee-Yannakakis diverges (y>0, y>1, ...).
// paper: test8.c, 2 iterations (Table 1)
// expect: true
// max-iterations: 2
// expect-ly: unknown
// expect-cegar: true
// max-iterations-baseline: 40
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
int main(void) {
  int y = __VERIFIER_nondet_int();
  while (y > 0) {
    y = y - 1;
  }
  __VERIFIER_assume(0);
  reach_error();
  return 0;
}
