// expect: unknown(left shift of a negative signed value)
// property: no-overflow
// decide: explicit
// unknown: undefined
// `x << 1` of a negative int is undefined behaviour (C11 6.5.7p4) although its product is
// representable; it is not an overflow of the result, and verifiers disagree (Ultimate's
// regression test ShiftLeft05 expects a violation for `-1 << 0`, CPAchecker reports none), so
// vigil answers unknown, never true.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > -1 || x < -4)
    return 0;
  int y = x << 1;
  return y < -8;
}
