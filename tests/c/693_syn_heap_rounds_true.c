// expect: true
// decide: synergy
// An allocation site in a loop of input-dependent length (issue 18): each round allocates,
// writes, reads back and frees one object. The site has a few slots and a freed slot is taken
// again (every pointer to the freed object is made dangling first), so the number of rounds
// is unbounded and synergy proves it.
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
