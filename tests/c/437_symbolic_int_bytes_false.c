// expect: false(unreach-call)
// decide: explicit
// A byte read out of a symbolic int is extracted from its term, so the solver finds an input with
// byte 1 equal to 0x12 and byte 3 equal to 0x80 (such as 0x80001200).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned char *p = (unsigned char *)&x;
  if (p[1] == 0x12 && p[3] == 0x80)
    reach_error();
  return 0;
}
