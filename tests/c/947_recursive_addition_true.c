// expect: true
// decide: explicit
// A recursive addition (SV-COMP's Addition01, with n bounded): on the path that recursed k
// times the result is m + k and the path condition pins n to k, so the check of
// result == m + n is (= (m + k) (m + n)). `[bv.rewrite] eq-cancel` (issue #19, tune8) drops the
// common m, leaving n = k, which the interval models read; without it the SAT core compares
// two adders.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_error(void) __attribute__((__noreturn__));

int addition(int m, int n) {
  if (n == 0) {
    return m;
  }
  if (n > 0) {
    return addition(m + 1, n - 1);
  }
  return addition(m - 1, n + 1);
}

int main(void) {
  int m = __VERIFIER_nondet_int();
  if (m < 0 || m > 1000000) {
    return 0;
  }
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 40) {
    return 0;
  }
  if (addition(m, n) != m + n) {
    __VERIFIER_error();
  }
  return 0;
}
