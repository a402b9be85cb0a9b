// expect: false(unreach-call)
// property: unreach-call
// decide: synergy
// As 853, but z steps by 2^20: 4x - 2y + z reaches 2^20 (z after one step with input 1).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  unsigned x = 0, y = 0, z = 0;
  while (__VERIFIER_nondet_int()) {
    x = x + 1048576u * (unsigned)__VERIFIER_nondet_int();
    y = y + 2097152u * (unsigned)__VERIFIER_nondet_int();
    z = z + 1048576u * (unsigned)__VERIFIER_nondet_int();
    if (4u * x - 2u * y + z == 1048576u) reach_error();
  }
  return 0;
}
