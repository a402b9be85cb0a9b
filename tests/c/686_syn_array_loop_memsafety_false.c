// expect: false(valid-deref)
// property: valid-memsafety
// decide: synergy
// As 685, but the loop runs to n inclusive: n = 8 writes one past the heap array.
#include <stdlib.h>
int __VERIFIER_nondet_int(void);
int main(void) {
  int *a = malloc(8 * sizeof(int));
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 8) n = 0;
  for (int i = 0; i <= n; i++) a[i] = i;
  free(a);
  return 0;
}
