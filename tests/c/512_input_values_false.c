// expect: false(unreach-call)
// decide: explicit
// Input values keep their type's signedness in counterexamples, witnesses and harnesses: the
// error needs the largest unsigned long (a symbolic input of the VM) and a negative char (an
// input the runtime enumerates); a harness that read either with the wrong sign would miss it.
#include <limits.h>
int main(void) {
  unsigned long x = __VERIFIER_nondet_ulong();
  char c = __VERIFIER_nondet_char();
  if (x == ULONG_MAX && c == -1)
    reach_error();
  return 0;
}
