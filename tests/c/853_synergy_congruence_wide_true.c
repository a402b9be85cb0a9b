// expect: true
// property: unreach-call
// decide: synergy
// Steps that keep 20, 21 and 22 low bits (SV-COMP's jain_7 with unsigned arithmetic): the
// combination 4x - 2y + z is a multiple of 2^22, never 2^20. Needs congruences over more
// than 8 low bits, and the ones the steps keep even when the tests agree on more.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  unsigned x = 0, y = 0, z = 0;
  while (__VERIFIER_nondet_int()) {
    x = x + 1048576u * (unsigned)__VERIFIER_nondet_int();
    y = y + 2097152u * (unsigned)__VERIFIER_nondet_int();
    z = z + 4194304u * (unsigned)__VERIFIER_nondet_int();
    if (4u * x - 2u * y + z == 1048576u) reach_error();
  }
  return 0;
}
