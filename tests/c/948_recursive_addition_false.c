// expect: false(unreach-call)
// decide: explicit
// The addition of 947 compared with a sum that is off by one for n == 17 only.
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
  if (addition(m, n) != m + n + (n == 17)) {
    __VERIFIER_error();
  }
  return 0;
}
