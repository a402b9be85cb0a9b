// expect: unknown(earlier instance of a block-scoped local)
// property: valid-memsafety
// decide: explicit
// unknown: undefined
// A loop body's local read in the next iteration through a pointer kept from the previous one.
// Each iteration is a new instance of `x` (C11 6.2.4p6) and the old one's lifetime ended with
// the block, so `p` is indeterminate (p2) and `*p` undefined. Natively the new `x` has the
// same address and no sanitizer sees it, so it is not a violation vigil could confirm: unknown,
// never true. The VM re-entered the same object and every engine that answered said true.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int *p = 0;
  int s = 0;
  for (int i = 0; i < 3; i++) {
    int x = __VERIFIER_nondet_int();
    if (p)
      s += *p;
    p = &x;
  }
  return s;
}
