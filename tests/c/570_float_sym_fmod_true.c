// expect: true
// decide: explicit
// fmodf of a non-negative float by 10 lies in [0, 10): the remainder circuit (exact long
// division over the exponent difference) proves it for every input in range.
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern float __VERIFIER_nondet_float(void);
int main(void) {
  float d = __VERIFIER_nondet_float();
  __VERIFIER_assume(d >= 0.0f && d < 1e6f);
  float r = __builtin_fmodf(d, 10.0f);
  if (r < 0.0f || r >= 10.0f) reach_error();
  return 0;
}
