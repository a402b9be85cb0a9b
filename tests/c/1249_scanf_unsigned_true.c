// expect: true
// property: no-overflow
// decide: explicit
// fscanf(stdin, "%u") then "%lu": unsigned arithmetic never overflows, and the halves are smaller.
#include <stdio.h>
int main(void) {
  unsigned u = 0;
  unsigned long v = 0;
  if (fscanf(stdin, "%u %lu", &u, &v) == 2) {
    if (u / 2 > u || v / 3 > v) reach_error();
    return (int)(u + v);
  }
  return 0;
}
