// expect: true
// decide: explicit
// scanf("%5d") reads at most five bytes, the sign included (byte by byte: the width bounds the
// field).
#include <stdio.h>
int main(void) {
  int x = 0;
  if (scanf("%5d", &x) == 1 && (x > 99999 || x < -9999)) reach_error();
  return 0;
}
