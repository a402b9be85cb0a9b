// expect: false(valid-deref)
// property: valid-memsafety
// decide: synergy
// Each round reads the object the previous round freed: a freed slot is taken again, and the
// pointer kept from the last round was made dangling by the free, so the second round's read
// is a use after free (not a read of the new object).
#include <stdlib.h>
int __VERIFIER_nondet_int(void);
int main(void) {
  int *old = 0;
  int s = 0;
  while (__VERIFIER_nondet_int()) {
    int *p = malloc(sizeof(int));
    *p = 1;
    if (old) s += *old;
    free(p);
    old = p;
  }
  return s;
}
