// expect: true
// decide: explicit
// float -> double -> float is exact for every non-NaN float, and floor(x) <= x.
extern void reach_error(void);
extern float __VERIFIER_nondet_float(void);
int main(void) {
  float f = __VERIFIER_nondet_float();
  double d = f;
  if (f == f && (float)d != f) reach_error();
  if (f == f && __builtin_floorf(f) > f) reach_error();
  return 0;
}
