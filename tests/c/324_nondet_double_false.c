// expect: false(unreach-call)
// decide: explicit
// __VERIFIER_nondet_double is sampled (never complete); the samples include the infinities, so
// the bug is found; the harness gives the value's bits to the native run, which confirms it.
extern void reach_error(void);
extern double __VERIFIER_nondet_double(void);
int main(void) {
  double x = __VERIFIER_nondet_double();
  if (x == x && x - x != 0.0) reach_error();
  return 0;
}
