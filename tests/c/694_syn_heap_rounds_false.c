// expect: false(unreach-call)
// decide: synergy
// As 693, but the value stored is an input: 3 reaches the error in any round.
#include <stdlib.h>
int __VERIFIER_nondet_int(void);
int main(void) {
  while (__VERIFIER_nondet_int()) {
    int *p = malloc(sizeof(int));
    *p = __VERIFIER_nondet_int();
    if (*p == 3) reach_error();
    free(p);
  }
  return 0;
}
