// expect: false(valid-deref)
// property: valid-memsafety
// A NULL dereference on one path.
#include <stdlib.h>
int main(void) {
  int *p = 0;
  if (__VERIFIER_nondet_bool()) p = malloc(sizeof(int));
  *p = 1;
  free(p);
  return 0;
}
