// expect: false(unreach-call)
// decide: explicit
// A parser that assumes sscanf always converts: for input not starting with a digit, sign or
// white space it returns 0 and leaves the variable alone.
#include <stdio.h>
int main(void) {
  char buf[3] = {0, '5', 0};
  buf[0] = __VERIFIER_nondet_char();
  int v = 0;
  if (sscanf(buf, "%d", &v) != 1) reach_error();
  return v;
}
