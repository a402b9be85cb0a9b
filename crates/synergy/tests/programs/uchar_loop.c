// An 8-bit counter loop: bit-precise wrap-around semantics; one refinement suffices.
// expect: true
// max-iterations: 10
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void reach_error(void);
int main(void) {
  unsigned char c = __VERIFIER_nondet_uchar();
  while (c < 255) c++;
  if (c != 255) reach_error();
  return 0;
}
