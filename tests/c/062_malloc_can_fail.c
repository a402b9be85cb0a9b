// expect: false(valid-deref)
// property: valid-memsafety
// flags: --malloc-can-fail
// decide: explicit
// malloc's result used without a NULL check: a bug only when allocation can fail.
#include <stdlib.h>
int main(void) {
  int *p = malloc(sizeof(int));
  *p = 3;
  free(p);
  return 0;
}
