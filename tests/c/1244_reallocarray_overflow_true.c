// expect: true
// decide: explicit
// reallocarray (glibc 2.26 and later) fails with NULL when n * size overflows, and the block
// stays valid; otherwise it is realloc. vigil did not have it: a call of an unknown function.
#define _GNU_SOURCE
#include <stdint.h>
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  int *p = reallocarray(0, 3, sizeof *p);
  if (!p) return 0;
  p[2] = 7;
  int *q = reallocarray(p, SIZE_MAX / 2, sizeof *p);
  if (q) reach_error();
  if (p[2] != 7) reach_error();
  free(p);
  return 0;
}
