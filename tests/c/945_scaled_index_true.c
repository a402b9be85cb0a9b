// expect: true
// decide: explicit
// A byte offset 4 * (long)n compared with constants (the explicit engine's address arithmetic
// of `arr[n]`, as in Ultimate's nonlinearArithmetic alloca tasks): the term is
// concat((sext n)[61:0], 00), and `[bv.rewrite] eq-concat-const`, `eq-extend-const` and
// `extract-extend` (issue #19, tune8) turn `4 * (long)n == K` into `n == K / 4` (or false when
// K is not a multiple of 4), which the interval models read.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_error(void) __attribute__((__noreturn__));

int main(void) {
  int n = __VERIFIER_nondet_int();
  long off = 4 * (long)n;
  if (off == 4002) {
    __VERIFIER_error();
  }
  if (off == 4000) {
    for (int i = 0; i < 30; i++) {
      if (n < 970 + i) {
        __VERIFIER_error();
      }
    }
    if (n != 1000) {
      __VERIFIER_error();
    }
  }
  return 0;
}
