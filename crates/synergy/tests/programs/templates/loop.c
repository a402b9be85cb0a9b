// Figure 1 of the SYNERGY paper: a deterministic loop of N iterations, then a check COND on an
// input (see ../../families.rs for the template syntax).
//@ variant loop1000.c N=1000 | COND=a <= 0
// Figure 1 of the SYNERGY paper: a deterministic loop of 1000 iterations, then a check on an
// input. The error is reachable iff a <= 0.
// paper: test6.c, 1 iteration (Table 1)
// expect: false
// max-iterations: 1
//@ variant loop1000_pos.c N=1000 | COND=a > 0
// Figure 1 of the SYNERGY paper, check inverted: a deterministic loop of 1000 iterations, then a check on an
// input. The error is reachable iff a > 0: the first test (all inputs 0) misses it, so the
// ordered trace must follow that test through all 1000 iterations (frontier after the loop).
// paper: test4.c, 2 iterations (Table 1)
// expect: false
// max-iterations: 2
// expect-cegar: unknown
// max-iterations-baseline: 30
//@ variant loop10_pos.c N=10 | COND=a > 0
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
//@ code
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int a = __VERIFIER_nondet_int();
  int i = 0, c = 0;
  while (i < @N@) {
    c = c + i;
    i = i + 1;
  }
  if (@COND@)
    reach_error();
  return 0;
}
