// expect: false(unreach-call)
// decide: explicit
// printf output appears in the counterexample.
#include <stdio.h>
int main(void) {
  _Bool b = __VERIFIER_nondet_bool();
  printf("b is %d, hex %x, str %s\n", b, 255, "ok");
  if (b) reach_error();
  return 0;
}
