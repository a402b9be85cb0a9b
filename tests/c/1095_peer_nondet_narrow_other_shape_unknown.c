// expect: true
// unknown: unknown-function
// `nondet_int` declared with an 8-bit result is not `__VERIFIER_nondet_int`, and a result
// narrower than 32 bits is not read by its declared type either (how the callee extends it into
// a register is the callee's): the call stays a call of a function defined nowhere, whose result
// vigil does not guess (unknown).
extern void reach_error(void);
unsigned char nondet_int(void);
int main() {
  unsigned char x = nondet_int();
  if (x > 5 && x < 3)
    reach_error();
  return 0;
}
