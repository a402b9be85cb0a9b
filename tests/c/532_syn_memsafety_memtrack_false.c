// expect: false(valid-memtrack)
// property: valid-memsafety
// decide: synergy
// On the input 42 main returns without freeing the array: every pointer to it is lost.
#include <stdlib.h>
int __VERIFIER_nondet_int(void);
int main(void) {
  int *a = malloc(4 * sizeof(int));
  int n = __VERIFIER_nondet_int();
  if (n == 42) return 0;
  free(a);
  return 0;
}
