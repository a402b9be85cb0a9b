// expect: true
// decide: explicit
// A symbolic int passed to a variadic function (snprintf) stays symbolic: the runtime's formatter
// computes its digits as terms and branches on the number of digits, so every input is covered
// without enumerating values: at most 11 characters, a '-' exactly for negative values.
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  char buf[32];
  int n = snprintf(buf, sizeof buf, "%d", x);
  if (n < 1 || n > 11)
    reach_error();
  if ((buf[0] == '-') != (x < 0))
    reach_error();
  return 0;
}
