// expect: false(valid-free)
// property: valid-memsafety
// decide: explicit
// realloc of a pointer into the middle of a block is undefined (C11 7.22.3.5p3) and is reported
// as the invalid free it is, before anything of the old block is read.
#include <stdlib.h>
int main(void) {
  char *p = malloc(8);
  if (!p) return 0;
  char *q = realloc(p + __VERIFIER_nondet_bool(), 16);
  free(q ? q : p);
  return 0;
}
