// expect: false(unreach-call)
// decide: explicit
// fmod(d, 10) = 3.5 for d = 13.5 (and others): found by the solver.
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern float __VERIFIER_nondet_float(void);
int main(void) {
  float d = __VERIFIER_nondet_float();
  __VERIFIER_assume(d > 0.0f && d < 100.0f);
  if (__builtin_fmodf(d, 10.0f) == 3.5f) reach_error();
  return 0;
}
