// expect: true
// property: valid-memsafety
// decide: synergy
// A heap array written in bounds at an input index and freed on every path: synergy proves
// valid-memsafety (bounds, liveness and leak checks as error regions; issue 18). No loop (tests/c
// 685 has one).
#include <stdlib.h>
int __VERIFIER_nondet_int(void);
int main(void) {
  int *a = malloc(5 * sizeof(int));
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n >= 5) { free(a); return 0; }
  a[0] = a[1] = a[2] = a[3] = a[4] = 0;
  a[n] = n;
  free(a);
  return 0;
}
