// expect: false(unreach-call)
// flags: --m32
// decide: explicit
// The sibling of 1240: IEEE rounding of each operation reaches the error (1 + 2^-53 rounds to
// 1, and 16777217 converts to 16777216.0f). The counterexample is confirmed by the native
// ILP32 build with SSE2 arithmetic; the default x87 code would not reach the error.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  volatile double a = 1.0, e = 0x1p-53;
  volatile float g = 16777216.0f;
  int i = __VERIFIER_nondet_int();
  if (i != 16777217)
    return 0;
  double z = a + e - a;
  if (z == 0 && (float)i == g)
    reach_error();
  return 0;
}
