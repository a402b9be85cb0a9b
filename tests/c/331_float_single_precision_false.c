// expect: false(unreach-call)
// decide: explicit
// In binary32, 2^24 + 1 rounds back to 2^24: the loop stops counting.
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
int main(void) {
  float f = 16777214.0f + (__VERIFIER_nondet_uchar() % 2);
  for (int i = 0; i < 4; i++)
    f = f + 1.0f;
  if (f < 16777218.0f) reach_error();
  return 0;
}
