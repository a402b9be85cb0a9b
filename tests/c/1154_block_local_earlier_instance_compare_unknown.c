// expect: unknown(dead object)
// decide: explicit
// unknown: addresses
// A pointer to the previous iteration's `x` compared with the new `x`'s address: natively equal
// (the same stack slot), by C indeterminate (6.2.4p2). The VM answered the comparison as equal,
// because it re-entered the same object: true. Now the kept pointer leads to the earlier
// instance, a dead object, and the comparison is one whose result the layout decides.
extern void reach_error(void);
int main(void) {
  int *p = 0;
  for (int i = 0; i < 2; i++) {
    int x = i;
    if (p && p != &x)
      reach_error();
    p = &x;
  }
  return 0;
}
