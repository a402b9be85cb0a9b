// expect: false(unreach-call)
// property: unreach-call
// decide: synergy
// As 851, but y steps by an odd multiple of its input, so x + y can become 1 (x = 1, y = 0
// after one step with inputs 0 and a y-step of -1).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  unsigned x = 1, y = 1;
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++) {
    x = x + 2u * (unsigned)__VERIFIER_nondet_int();
    y = y + 3u * (unsigned)__VERIFIER_nondet_int();
    if (x + y == 1u) reach_error();
  }
  return 0;
}
