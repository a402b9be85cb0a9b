// A deterministic loop with a nondeterministic branch inside and the check after the loop, whose
// proof needs generalisation (as Table 1's test17.c–test20.c do). The proof needs the relational
// invariant x <= i (and 0 <= x, i <= 100) — bit-precisely, x >= 0 alone is not inductive because
// x + 1 could wrap. Without generalisation the refinements walk the loop backwards.
// paper: test20.c, 22 iterations (Table 1)
// expect: true
// expect-without-generalization: unknown (within 30 iterations)
// max-iterations: 22
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int i = 0, x = 0;
  while (i < 100) {
    if (__VERIFIER_nondet_int())
      x = x + 1;
    i = i + 1;
  }
  if (x < 0 || x > 100)
    reach_error();
  return 0;
}
