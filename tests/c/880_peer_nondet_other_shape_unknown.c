// expect: true
// unknown: unknown-function
// `nondet_uint` declared with a 64-bit result is not `__VERIFIER_nondet_uint` (32 bits): the call
// stays a call of a function defined nowhere, whose result vigil does not guess (unknown).
extern void reach_error(void);
unsigned long long nondet_uint(void);
int main() {
  unsigned long long x = nondet_uint();
  if (x > 5 && x < 3)
    reach_error();
  return 0;
}
