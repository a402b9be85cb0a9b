// expect: true
// decide: synergy
// A malloc'd array of constant size, allocated once: one more object of synergy's memory model
// (issue 18, the heap), filled by a loop and read at an input index.
#include <stdlib.h>
int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n >= 3) return 0;
  int *a = malloc(3 * sizeof(int));
  if (!a) return 0;
  for (int i = 0; i < 3; i++) a[i] = i;
  if (a[n] != n) reach_error();
  free(a);
  return 0;
}
