// expect: false(valid-deref)
// property: valid-memsafety
// decide: explicit
// The counterpart of 1244: the block of 3 ints reallocarray returns has no fourth element.
#define _GNU_SOURCE
#include <stdlib.h>
int main(void) {
  int *p = reallocarray(0, 3, sizeof *p);
  if (!p) return 0;
  p[3] = 1;
  free(p);
  return 0;
}
