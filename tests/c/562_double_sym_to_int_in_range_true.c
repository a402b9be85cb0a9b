// expect: true
// decide: explicit
// A double in [0, 1000) converts to an int in 0..999 (truncation toward zero); the conversion is
// never out of range under the assumption, so no undefined behaviour either.
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern double __VERIFIER_nondet_double(void);
int main(void) {
  double d = __VERIFIER_nondet_double();
  __VERIFIER_assume(d >= 0.0 && d < 1000.0);
  int i = (int)d;
  if (i < 0 || i > 999) reach_error();
  return 0;
}
