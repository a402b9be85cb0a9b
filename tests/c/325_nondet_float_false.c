// expect: false(unreach-call)
// decide: explicit
// A float input that is negative and whose square overflows binary32 (-FLT_MAX is a sample).
extern void reach_error(void);
extern float __VERIFIER_nondet_float(void);
int main(void) {
  float x = __VERIFIER_nondet_float();
  float y = x * x;
  if (x < 0.0f && y > 3.4e38f) reach_error();
  return 0;
}
