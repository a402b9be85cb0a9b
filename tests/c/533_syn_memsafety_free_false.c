// expect: false(valid-free)
// property: valid-memsafety
// decide: synergy
// On the input 7 the array is freed twice.
#include <stdlib.h>
int __VERIFIER_nondet_int(void);
int main(void) {
  int *a = malloc(4 * sizeof(int));
  int n = __VERIFIER_nondet_int();
  free(a);
  if (n == 7) free(a);
  return 0;
}
