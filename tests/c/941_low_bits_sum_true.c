// expect: true
// decide: explicit
// Sums of multiples of 2^20, 2^21 and 2^22 (SV-COMP's jain_7, bounded): 4x - 2y + z is a
// multiple of 2^22 for every input, also with wrap-around, so it never equals 2^20. With
// `[bv.rewrite] eq-low-bits` (issue #19, tune8) the explicit engine's check of the assertion is
// folded to false from the low bits of the terms; without it the SAT core proves it.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_error(void) __attribute__((__noreturn__));

int main(void) {
  int x = 0, y = 0, z = 0;
  for (int i = 0; i < 40; i++) {
    x = x + 1048576 * __VERIFIER_nondet_int();
    y = y + 2097152 * __VERIFIER_nondet_int();
    z = z + 4194304 * __VERIFIER_nondet_int();
    if (4 * x - 2 * y + z == 1048576) {
      __VERIFIER_error();
    }
  }
  return 0;
}
