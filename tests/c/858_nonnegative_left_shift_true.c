// expect: true
// property: no-overflow
// decide: explicit
// The sibling of 857 on non-negative operands: `x << 1` for 0 <= x <= 4 is defined and
// representable, so the check for negative operands must not cost the proof.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 4)
    return 0;
  int y = x << 1;
  return y > 8;
}
