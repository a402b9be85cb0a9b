// expect: true
// decide: synergy
// A copy loop over 128 inputs: the copied cell 77 equals its source after the loop.
int __VERIFIER_nondet_int(void);
int main(void) {
  int src[128];
  int dst[128];
  int i;
  for (i = 0; i < 128; i++) src[i] = __VERIFIER_nondet_int();
  for (i = 0; i < 128; i++) dst[i] = src[i];
  if (dst[77] != src[77]) reach_error();
  return 0;
}
