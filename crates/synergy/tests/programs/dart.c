// Figure 7 of the SYNERGY paper (from DART): found by directed tests.
// paper: test9.c, 3 iterations (Table 1)
// expect: false
// max-iterations: 3
// expect-ly: false
// expect-cegar: false
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (x != y)
    if (2 * x == x + 10)
      reach_error();
  return 0;
}
