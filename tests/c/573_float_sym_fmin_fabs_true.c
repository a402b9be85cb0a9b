// expect: true
// decide: explicit
// fmin of two numbers is at most each of them, and fabs is never negative (every encoding).
extern void reach_error(void);
extern float __VERIFIER_nondet_float(void);
int main(void) {
  float x = __VERIFIER_nondet_float();
  float y = __VERIFIER_nondet_float();
  float m = __builtin_fminf(x, y);
  if (x == x && y == y && (m > x || m > y)) reach_error();
  if (__builtin_fabsf(x) < 0.0f) reach_error();
  return 0;
}
