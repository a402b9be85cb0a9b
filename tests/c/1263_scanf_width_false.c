// expect: false(unreach-call)
// decide: explicit
// "%5d" reads up to five digits: 99999 fills the width (one input with its width, scanf.c's
// scan_number_width).
#include <stdio.h>
int main(void) {
  int x = 0;
  if (scanf("%5d", &x) == 1 && x == 99999) reach_error();
  return 0;
}
