// expect: false(unreach-call)
// decide: explicit
// The loop of 943 with an assertion that fails for exactly one n (33): on the other paths the
// intervals refute the check; on that one the candidate from the intervals is a counterexample.
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
  if (sn != (n * (n + 1)) / 2 + (n == 33)) {
    __VERIFIER_error();
  }
  return 0;
}
