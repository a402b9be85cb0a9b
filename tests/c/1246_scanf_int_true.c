// expect: true
// decide: explicit
// scanf("%d") from stdin: the field is one input (runtime scanf.c, scan_number), so the search
// closes; every int read is at most INT_MAX, and a failed read assigns nothing.
#include <limits.h>
#include <stdio.h>
int main(void) {
  int x = 7;
  int r = scanf("%d", &x);
  if (r != 1 && x != 7) reach_error();
  long long y = (long long)x + 1;
  if (y <= x) reach_error();
  return 0;
}
