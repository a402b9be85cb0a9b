// expect: true
// property: valid-memsafety
// decide: synergy
// 693 under valid-memsafety (issue 18: allocation in a loop is no longer declined): every
// round frees its object, and a second proof shows that every allocated object is reachable
// where the loop starts again, so no object is lost before a loop that never ends.
#include <stdlib.h>
int __VERIFIER_nondet_int(void);
int main(void) {
  while (__VERIFIER_nondet_int()) {
    int *p = malloc(sizeof(int));
    *p = 2;
    if (*p != 2) reach_error();
    free(p);
  }
  return 0;
}
