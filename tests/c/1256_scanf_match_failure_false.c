// expect: false(unreach-call)
// decide: explicit
// scanf("%d") returns 0 on text that is not a number (a matching failure).
#include <stdio.h>
int main(void) {
  int x = 0;
  if (scanf("%d", &x) == 0) reach_error();
  return 0;
}
