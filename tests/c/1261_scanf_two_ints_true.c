// expect: true
// property: no-overflow
// decide: explicit
// Two fields in one call ("12-34" gives 12 and -34: the sign is the byte that ended the first);
// their sum as long long never overflows.
#include <stdio.h>
int main(void) {
  int a = 0, b = 0;
  if (scanf("%d%d", &a, &b) == 2) {
    long long s = (long long)a + b;
    return s - b == a;
  }
  return 0;
}
