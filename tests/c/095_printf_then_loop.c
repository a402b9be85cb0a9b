// expect: true
// decide: synergy
// Output does not change the state: the synergy engine treats printf (no %n) as a call that
// returns an arbitrary count, and proves the loop over a 32-bit input.
#include <stdio.h>
int main(void) {
  int y = __VERIFIER_nondet_int();
  int r = printf("y = %d\n", y);
  while (y > 0)
    y--;
  if (y > 0)
    reach_error();
  return r < 0;
}
