// expect: true
// decide: explicit
// A symbolic float input (every binary32 encoding, NaNs included): its square is never below
// zero (a NaN compares false, -inf squared is +inf). Proved by the IEEE circuits, not sampled.
extern void reach_error(void);
extern float __VERIFIER_nondet_float(void);
int main(void) {
  float x = __VERIFIER_nondet_float();
  float y = x * x;
  if (y < 0.0f) reach_error();
  return 0;
}
