// report: unreach-call in check_range
// Exactly that report, at the line marked BUG: `__VERIFIER_assert(cond)` defined nowhere (vigil's
// runtime defines it) is an assertion of `cond` for this engine too. The first assertion holds
// for every input; the second fails for x == 11, and the run goes on only where it holds.
extern void __VERIFIER_assert(int cond);
extern int __VERIFIER_nondet_int(void);

void check_range(int x) {
  if (x > 10 && x < 20) {
    __VERIFIER_assert(x > 10);
    __VERIFIER_assert(x > 11); // BUG
  }
}

int main(void) {
  check_range(__VERIFIER_nondet_int());
  return 0;
}
