// unsupported: floating-point sitofp line 6
// unsupported: floating-point fmul line 7
// unsupported: floating-point fcmp line 8
int main(void) {
  int x = __VERIFIER_nondet_int();
  double d = x;
  d = d * 1.5;
  if (d < 2.0) return 1;
  return 0;
}
