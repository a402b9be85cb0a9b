// expect: true
// 64-bit arithmetic: long long multiplication, division, shifts by variables.
int main(void) {
  unsigned long long a = __VERIFIER_nondet_ulonglong();
  unsigned sh = __VERIFIER_nondet_uint() % 64;
  unsigned long long b = (a << sh) >> sh;
  if (sh == 0 && b != a) reach_error();
  long long c = __VERIFIER_nondet_longlong();
  __VERIFIER_assume(c > -1000000000LL && c < 1000000000LL);
  if ((c * 1000) / 1000 != c) reach_error();
  return 0;
}
