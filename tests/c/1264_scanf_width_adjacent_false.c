// expect: false(unreach-call)
// decide: explicit
// "123456789" read by "%3d%3d" and then by "%d": the widths end the first fields at 123 and
// 456; each next field's first digit is the byte read past the full field before it and
// pushed back (in the same call, and in the next call).
#include <stdio.h>
int main(void) {
  int a = 0, b = 0, c = 0;
  if (scanf("%3d%3d", &a, &b) == 2 && scanf("%d", &c) == 1 && a == 123 && b == 456 && c == 789 && !ferror(stdin))
    reach_error();
  return 0;
}
