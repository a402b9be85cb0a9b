// unsupported: floating-point sitofp to f128 line 4
// __float128 (IEEE binary128) is not modelled: its conversions and arithmetic are named.
int main(void) {
  __float128 x = __VERIFIER_nondet_int();
  x = x * 3;
  return x > 2;
}
