// Figure 1 of the SYNERGY paper, check inverted: a deterministic loop of 1000 iterations, then a check on an
// input. The error is reachable iff a > 0: the first test (all inputs 0) misses it, so the
// ordered trace must follow that test through all 1000 iterations (frontier after the loop).
// paper: test4.c, 2 iterations (Table 1)
// expect: false
// max-iterations: 2
// expect-cegar: unknown
// max-iterations-baseline: 30
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int a = __VERIFIER_nondet_int();
  int i = 0, c = 0;
  while (i < 1000) {
    c = c + i;
    i = i + 1;
  }
  if (a > 0)
    reach_error();
  return 0;
}
