// expect: false(unreach-call)
// decide: explicit
// "5a" gives 5 to %d and 10 to %x: the byte that ends the first field begins the second. It
// was constrained by the first field (no decimal digit), so the second reads it byte by byte.
#include <stdio.h>
int main(void) {
  int a = 0;
  unsigned b = 0;
  if (scanf("%d%x", &a, &b) == 2 && a == 5 && b == 10 && !ferror(stdin)) reach_error();
  return 0;
}
