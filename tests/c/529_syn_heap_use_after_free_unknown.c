// expect: unknown(freed memory)
// decide: synergy
// unknown: undefined
// A read after free on the input 2: undefined behaviour outside unreach-call, so no verdict;
// synergy's liveness check on the heap object reaches it.
#include <stdlib.h>
int __VERIFIER_nondet_int(void);
int main(void) {
  int *a = calloc(4, sizeof(int));
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n >= 4) return 0;
  a[n] = 1;
  free(a);
  if (n == 2) return a[2];
  return 0;
}
