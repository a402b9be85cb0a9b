// expect: false(valid-deref)
// property: valid-memsafety
// decide: static
// A NULL pointer from a callee on one input value only, dereferenced by the caller.
#include <stddef.h>
static int cell;
static int *lookup(int key) {
  if (key == 4242) return NULL;
  return &cell;
}
int main(void) {
  int k = __VERIFIER_nondet_int();
  int *p = lookup(k);
  *p = 1;
  return 0;
}
