// expect: false(unreach-call)
// decide: explicit
// printf's %n stores the number of characters written so far; ignoring it would hide the bug.
#include <stdio.h>
int main(void) {
  int n = 0;
  unsigned char x = __VERIFIER_nondet_uchar();
  printf("ab%n", &n);
  if (n == 2 && x == 7)
    reach_error();
  return 0;
}
