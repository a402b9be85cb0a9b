// expect: false(valid-deref)
// property: valid-memsafety
// decide: synergy
// The bounds check lets the index 4 through: a write one past the heap array.
#include <stdlib.h>
int __VERIFIER_nondet_int(void);
int main(void) {
  int *a = malloc(4 * sizeof(int));
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 4) { free(a); return 0; }
  a[n] = 1;
  free(a);
  return 0;
}
