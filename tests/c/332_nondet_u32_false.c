// expect: false(unreach-call)
// decide: explicit
// SV-COMP's __VERIFIER_nondet_u32 (and friends) exist in the runtime; UINT_MAX is a sample.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_u32(void);
int main(void) {
  unsigned int x = __VERIFIER_nondet_u32();
  if (x + 1 == 0) reach_error();
  return 0;
}
