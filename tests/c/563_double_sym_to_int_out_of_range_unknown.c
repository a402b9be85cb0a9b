// expect: unknown(float-to-integer conversion)
// decide: explicit
// An unconstrained double converted to int: some values (1e10, NaN) make the conversion
// undefined (C11 6.3.1.4), so there is no verdict for unreach-call.
extern void reach_error(void);
extern double __VERIFIER_nondet_double(void);
int main(void) {
  double d = __VERIFIER_nondet_double();
  int i = (int)d;
  if (i == 12345678 && d != d) reach_error();
  return 0;
}
