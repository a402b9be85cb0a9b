// expect: false(unreach-call)
// decide: explicit
// The length of a symbolic int's decimal text is found by the solver: eleven characters only for
// values from -2147483648 to -1000000000, and the counterexample gives such a value.
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  char buf[32];
  int n = snprintf(buf, sizeof buf, "%d", x);
  if (n == 11 && buf[1] == '2')
    reach_error();
  return 0;
}
