// expect: false(unreach-call)
// decide: explicit
// The sums of 941 compared with 2^23, a multiple of 2^22: the low bits of the terms do not
// exclude it (`eq-low-bits` keeps the equality) and inputs reach it, e.g. z's first step 2.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_error(void) __attribute__((__noreturn__));

int main(void) {
  int x = 0, y = 0, z = 0;
  for (int i = 0; i < 40; i++) {
    x = x + 1048576 * __VERIFIER_nondet_int();
    y = y + 2097152 * __VERIFIER_nondet_int();
    z = z + 4194304 * __VERIFIER_nondet_int();
    if (4 * x - 2 * y + z == 8388608) {
      __VERIFIER_error();
    }
  }
  return 0;
}
