// expect: false(unreach-call)
// decide: explicit
// An at_quick_exit handler runs on quick_exit.
#include <stdlib.h>
static void handler(void) { reach_error(); }
int main(void) {
  at_quick_exit(handler);
  if (__VERIFIER_nondet_bool()) quick_exit(1);
  return 0;
}
