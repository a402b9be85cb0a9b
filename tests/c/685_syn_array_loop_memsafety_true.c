// expect: true
// property: valid-memsafety
// decide: synergy
// A heap array filled by a loop up to an input bound that the check keeps inside it, then
// freed (issue 18 audit: array loop x valid-memsafety). The array is allocated when the loop
// starts again; the proof also shows it is still reachable there (a block after the loop
// names it), so no execution loses it and then runs forever.
#include <stdlib.h>
int __VERIFIER_nondet_int(void);
int main(void) {
  int *a = malloc(8 * sizeof(int));
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 8) n = 8;
  for (int i = 0; i < n; i++) a[i] = i;
  free(a);
  return 0;
}
