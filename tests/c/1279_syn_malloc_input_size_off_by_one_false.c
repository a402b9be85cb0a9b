// expect: false(valid-deref)
// property: valid-memsafety
// decide: synergy
// 1278's fill loop runs once too often: it writes x[n], one element past the object (for
// n = 0 the first write already is past it).
#include <stdlib.h>
int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(0 <= n && n <= 1000)) return 0;
  int *x = malloc(n * sizeof(int));
  for (int i = 0; i <= n; i++) x[i] = 0;
  free(x);
  return 0;
}
