// expect: true
// decide: explicit
// `nondet_uint` declared with a 64-bit result: CBMC and ESBMC read a body-less function as a value
// of its declared type, and so does vigil (`__VERIFIER_nondet_longlong`; until session 25 the
// call stayed unknown). No 64-bit value is both above 5 and below 3.
extern void reach_error(void);
unsigned long long nondet_uint(void);
int main() {
  unsigned long long x = nondet_uint();
  if (x > 5 && x < 3)
    reach_error();
  return 0;
}
