// expect: false(valid-free)
// property: valid-memsafety
// Double free.
#include <stdlib.h>
int main(void) {
  char *p = malloc(8);
  free(p);
  if (__VERIFIER_nondet_int() == 3) free(p);
  return 0;
}
