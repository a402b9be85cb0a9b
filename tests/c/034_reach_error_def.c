// expect: false(unreach-call)
// The SV-COMP idiom: reach_error defined by the program itself, __VERIFIER_assert.
extern void abort(void);
void reach_error() { __assert_fail("0", "034_reach_error_def.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); abort(); } } }
int main(void) {
  unsigned x = 0, y = 1;
  while (x < 5) { x++; y *= 2; }
  __VERIFIER_assert(y != 32);
  return 0;
}
