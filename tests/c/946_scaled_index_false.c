// expect: false(unreach-call)
// decide: explicit
// The offsets of 945 with a reachable error: 4 * (long)n == -8 for n == -2.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_error(void) __attribute__((__noreturn__));

int main(void) {
  int n = __VERIFIER_nondet_int();
  long off = 4 * (long)n;
  if (off == 4002) {
    return 1;
  }
  if (off == -8) {
    if (n + 2 == 0) {
      __VERIFIER_error();
    }
  }
  return 0;
}
