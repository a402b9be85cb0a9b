// expect: unknown(invalid argument)
// decide: explicit
// An invalid conversion specification is undefined (C11 7.21.6.1p9). glibc prints "%5y" back
// (without length modifiers, with '*' widths filled in) and fails on a '%' at the end; vigil
// used to print "%y" and go on. Now it is a fault: no verdict rests on it.
#include <stdio.h>
void reach_error(void);

int main(void) {
  char b[16];
  int n = snprintf(b, sizeof b, "%5y");
  if (n != 3)
    reach_error();
  return 0;
}
