// expect: false(unreach-call)
// decide: explicit
// A finite float that absorbs 1 (|x| >= 2^25): none of the runtime's samples is one, so only
// a symbolic input finds it; the native run of the counterexample confirms it.
extern void reach_error(void);
extern float __VERIFIER_nondet_float(void);
int main(void) {
  float x = __VERIFIER_nondet_float();
  if (x == x && x - x == 0.0f && x + 1.0f == x && x < 1e9f && x > 0.0f) reach_error();
  return 0;
}
