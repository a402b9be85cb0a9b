// Figure 8 of the SYNERGY paper with 2 diamonds (Table 1's test13.c, 12 iterations; the paper
// does not say how many diamonds test13 has). vigil needs 4n+2 for n diamonds: per diamond one
// test for the branch the first test did not take and three splits (join, then, else).
// paper: test13.c, 12 iterations
// expect: true
// max-iterations: 12
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int lock;
int main(void) {
  lock = 1;
  int x0 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x0 = x0 + 1; } else { x0 = x0 - 1; }
  int x1 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x1 = x1 + 1; } else { x1 = x1 - 1; }
  if (lock != 1) reach_error();
  return 0;
}
