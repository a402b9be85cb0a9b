// expect: true
// unknown: unknown-function
// A nondet function of the program's own floating-point type is not read by width (the harness
// could not return it in the right register): it stays a function defined nowhere, unknown.
extern void reach_error(void);
typedef double real_t;
real_t __VERIFIER_nondet_real_t(void);
int main(void) {
  real_t r = __VERIFIER_nondet_real_t();
  if (r != r && r == r)
    reach_error();
  return 0;
}
