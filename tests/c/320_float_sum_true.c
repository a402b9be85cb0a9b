// expect: true
// decide: explicit
// Ten additions of 0.1 in binary64 stay below 1.0 (0.9999999999999999) and round back to the
// count when scaled; every count 0..255 is explored.
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
int main(void) {
  unsigned char n = __VERIFIER_nondet_uchar() % 11;
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += 0.1;
  long k = (long)(s * 10.0 + 0.5);
  if (k != n) reach_error();
  if (s >= 1.0) reach_error();
  return 0;
}
