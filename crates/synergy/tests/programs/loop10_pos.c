// Figure 1 of the SYNERGY paper with 10 iterations and the check inverted (small enough for the
// baselines, which need one refinement per loop iteration): a deterministic loop, then a check on an
// input. The error is reachable iff a > 0: the first test (all inputs 0) misses it, so the
// ordered trace must follow that test through all 10 iterations (frontier after the loop).
// paper: test7.c, 6 iterations (Table 1)
// expect: false
// max-iterations: 6
// expect-ly: false
// expect-cegar: false
// max-iterations-baseline: 200
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int a = __VERIFIER_nondet_int();
  int i = 0, c = 0;
  while (i < 10) {
    c = c + i;
    i = i + 1;
  }
  if (a > 0)
    reach_error();
  return 0;
}
