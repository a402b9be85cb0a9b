// expect: false(valid-free)
// property: valid-memsafety
// decide: explicit
// Freeing stack memory.
#include <stdlib.h>
int main(void) {
  int x = 1;
  int *p = __VERIFIER_nondet_bool() ? &x : malloc(sizeof(int));
  free(p);
  return 0;
}
