// expect: false(unreach-call)
// decide: explicit
// A positive float below 1e-38 (a subnormal, or a normal just above FLT_MIN): found by the
// solver, not among the samples.
extern void reach_error(void);
extern float __VERIFIER_nondet_float(void);
int main(void) {
  float x = __VERIFIER_nondet_float();
  if (x > 0.0f && x < 1e-38f && x * 2.0f > 1.5e-38f) reach_error();
  return 0;
}
