// Figure 1 of the SYNERGY paper: a deterministic loop of 1000 iterations, then a check on an
// input. The error is reachable iff a <= 0.
// paper: test6.c, 1 iteration (Table 1)
// expect: false
// max-iterations: 1
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int a = __VERIFIER_nondet_int();
  int i = 0, c = 0;
  while (i < 1000) {
    c = c + i;
    i = i + 1;
  }
  if (a <= 0)
    reach_error();
  return 0;
}
