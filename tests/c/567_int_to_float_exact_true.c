// expect: true
// decide: explicit
// Every int of magnitude below 2^24 is exact in binary32, so the round trip is the identity.
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(i > -16777216 && i < 16777216);
  float f = (float)i;
  if ((int)f != i) reach_error();
  return 0;
}
