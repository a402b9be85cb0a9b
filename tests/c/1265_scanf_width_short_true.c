// expect: true
// decide: explicit
// "%4hd" stores -999..9999 (the sign counts against the width), "%2o" -7..63 (fields with a
// width in base 10 and 8 are one input each, scanf.c's scan_number_width).
#include <stdio.h>
int main(void) {
  short h = 0;
  int o = 0;
  int r = scanf("%4hd%2o", &h, &o);
  if (r >= 1 && (h < -999 || h > 9999)) reach_error();
  if (r == 2 && (o < -7 || o > 63)) reach_error();
  return 0;
}
