// expect: false(valid-free)
// property: valid-memsafety
// decide: synergy
// Rounds of an allocating loop; the fourth round frees its object twice.
#include <stdlib.h>
int __VERIFIER_nondet_int(void);
int main(void) {
  int k = 0;
  while (__VERIFIER_nondet_int()) {
    int *p = malloc(sizeof(int));
    *p = k;
    if (k == 3) free(p);
    free(p);
    k++;
  }
  return 0;
}
