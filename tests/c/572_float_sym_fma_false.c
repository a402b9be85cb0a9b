// expect: false(unreach-call)
// decide: explicit
// fma(a, 2, 1) = 7 for a = 3: solved through the fused multiply-add circuit.
extern void reach_error(void);
extern float __VERIFIER_nondet_float(void);
int main(void) {
  float a = __VERIFIER_nondet_float();
  if (__builtin_fmaf(a, 2.0f, 1.0f) == 7.0f) reach_error();
  return 0;
}
