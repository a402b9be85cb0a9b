// expect: true
// decide: explicit
// SV-COMP's sum02, bounded: the loop's path condition pins n to the number of iterations, so
// the assertion's check, sn == n(n+1)/2 over a multiplier, is false only under a value of n the
// path excludes. `[bv] interval-refute` (issue #19, tune8) answers such checks unsat from the
// intervals of n; without it the SAT core reasons through the multiplier.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_error(void) __attribute__((__noreturn__));

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  if (n > 60) {
    return 0;
  }
  unsigned int sn = 0;
  for (unsigned int i = 0; i <= n; i++) {
    sn = sn + i;
  }
  if (sn != (n * (n + 1)) / 2) {
    __VERIFIER_error();
  }
  return 0;
}
