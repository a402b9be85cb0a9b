// expect: false(unreach-call)
// decide: explicit
// scanf("%ld") reads a negative long beyond the range of int.
#include <stdio.h>
int main(void) {
  long l = 0;
  if (scanf("%ld", &l) == 1 && l == -5000000000L) reach_error();
  return 0;
}
