// expect: unknown(dead object)
// decide: explicit
// Two calls in a row give their locals the same stack address natively, so the addresses the
// two functions return compare equal and the error is reached; the VM gives every local an
// object of its own. Both pointers are dangling when compared (C11 6.2.4p2): unknown, never
// true.
#include <stdlib.h>
void reach_error(void) { abort(); }
static int *first(void) { int x = 1; int *r = &x; return r; }
static int *second(void) { int y = 2; int *r = &y; return r; }
int main(void) {
  int *p = first();
  int *q = second();
  if (p == q) reach_error();
  return 0;
}
