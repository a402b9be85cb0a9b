// expect: false(no-overflow)
// property: no-overflow
// decide: explicit
// C11 6.5.7p4: a left shift of a signed operand overflows when E1 * 2^E2 is not representable.
// The front end learns from clang that `x << 22` shifts an int, so the VM reports the overflow
// (x >= 512) with a counterexample instead of "overflows if its operand is signed".
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 1000)
    return 0;
  int y = x << 22;
  return y > 0;
}
