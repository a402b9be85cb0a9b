// expect: false(unreach-call)
// decide: explicit
// x != x only for a NaN; 0 * inf is one.
extern void reach_error(void);
extern float __VERIFIER_nondet_float(void);
int main(void) {
  float x = __VERIFIER_nondet_float();
  float y = x * 0.0f;
  if (y != y && x == x) reach_error();
  return 0;
}
