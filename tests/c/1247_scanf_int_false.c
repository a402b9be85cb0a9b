// expect: false(unreach-call)
// decide: explicit
// scanf("%d") can read any int: the counterexample's stdin holds its decimal text.
#include <stdio.h>
int main(void) {
  int x = 0;
  if (scanf("%d", &x) == 1 && x == 12345) reach_error();
  return 0;
}
