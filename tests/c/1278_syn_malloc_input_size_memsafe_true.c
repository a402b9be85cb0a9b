// expect: true
// property: valid-memsafety
// decide: synergy
// An array of an input length on the heap, filled, read back and freed: every access lies
// below the object's size n * 4, which the bounds checks compare with in terms of n itself.
#include <stdlib.h>
void reach_error(void);
int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(0 <= n && n <= 1000)) return 0;
  int *x = malloc(n * sizeof(int));
  for (int i = 0; i < n; i++) x[i] = 0;
  int s = 0;
  for (int i = 0; i < n; i++) s += x[i];
  free(x);
  return s;
}
