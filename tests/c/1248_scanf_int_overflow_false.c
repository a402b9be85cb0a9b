// expect: false(no-overflow)
// property: no-overflow
// decide: explicit
// x + 1 overflows when scanf("%d") reads INT_MAX.
#include <stdio.h>
int main(void) {
  int x = 0;
  if (scanf("%d", &x) != 1) return 0;
  return x + 1 > 0;
}
