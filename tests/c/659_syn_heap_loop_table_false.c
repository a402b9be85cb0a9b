// expect: false(unreach-call)
// decide: synergy
// Three allocations at one site in a loop, their addresses kept in an array; the last object
// gets the input: 3 makes the sum 6, which the check forbids (found by a directed test).
#include <stdlib.h>
int __VERIFIER_nondet_int(void);
int main(void) {
  int *ps[3];
  for (int i = 0; i < 3; i++) {
    ps[i] = malloc(sizeof(int));
    *ps[i] = i + 1;
  }
  *ps[2] = __VERIFIER_nondet_int();
  int s = *ps[0] + *ps[1] + *ps[2];
  for (int i = 0; i < 3; i++) free(ps[i]);
  if (s == 6) reach_error();
  return 0;
}
