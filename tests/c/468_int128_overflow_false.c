// expect: false(no-overflow)
// property: no-overflow
// decide: explicit
// Signed __int128 overflow: INT128_MAX - 2 + x overflows when x > 2.
extern long __VERIFIER_nondet_long(void);
typedef __int128 i128;

int main(void) {
  long x = __VERIFIER_nondet_long();
  if (x < 0 || x > 4) return 0;
  i128 max = (i128)(((unsigned __int128)1 << 127) - 1);
  i128 r = max - 2 + x;
  return r > 0;
}
