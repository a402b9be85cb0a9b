// expect: false(valid-memtrack)
// property: valid-memsafety
// decide: synergy
// Rounds of an allocating loop; an input 7 skips the free, and the object is lost when the
// round ends.
#include <stdlib.h>
int __VERIFIER_nondet_int(void);
int main(void) {
  while (__VERIFIER_nondet_int()) {
    int *p = malloc(sizeof(int));
    *p = __VERIFIER_nondet_int();
    if (*p != 7) free(p);
  }
  return 0;
}
