// expect: true
// decide: explicit
// The sibling of 866: comparisons with integers that can be no object's address on x86-64
// Linux — NULL, a small sentinel below the lowest mappable page, `(void *)-1` (MAP_FAILED,
// sbrk's failure) — are decided, and a pointer round-tripped through uintptr_t still compares
// equal to itself.
#include <stdint.h>
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  int *p = malloc(sizeof *p);
  if (!p) return 0;
  if (p == (int *)-1) reach_error();
  if (p == (int *)16) reach_error();
  if ((int *)(uintptr_t)p != p) reach_error();
  free(p);
  return 0;
}
