// expect: false(valid-memtrack)
// property: valid-memsafety
// Memory leaked on one path only.
#include <stdlib.h>
int main(void) {
  int *p = malloc(4 * sizeof(int));
  if (!p) return 0;
  p[0] = 1;
  if (__VERIFIER_nondet_bool()) { p = 0; return 1; }
  free(p);
  return 0;
}
