// unsupported: floating-point sitofp to x86_fp80 line 5
// unsupported: x86_fp80 (long double) arithmetic line 6
// long double (x86's 80-bit format) is not modelled: its arithmetic is named, never computed.
int main(void) {
  long double x = __VERIFIER_nondet_int();
  x = x * 1.5L;
  return 0;
}
