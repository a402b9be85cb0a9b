// expect: false(unreach-call)
// decide: explicit
// "12345" read by "%3d%d": the width ends the first field at 123, the second reads 45 (its first
// digit is the byte read after the full first field and pushed back).
#include <stdio.h>
int main(void) {
  int a = 0, b = 0;
  if (scanf("%3d%d", &a, &b) == 2 && a == 123 && b == 45 && !ferror(stdin)) reach_error();
  return 0;
}
