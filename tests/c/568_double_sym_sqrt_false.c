// expect: false(unreach-call)
// decide: explicit
// sqrt(d)^2 is not always d in binary64 (d = 2 gives 2.0000000000000004).
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern double __VERIFIER_nondet_double(void);
int main(void) {
  double d = __VERIFIER_nondet_double();
  __VERIFIER_assume(d >= 1.0 && d <= 4.0);
  double r = __builtin_sqrt(d);
  if (r * r != d) reach_error();
  return 0;
}
