// expect: false(valid-memtrack)
// property: valid-memsafety
// decide: explicit
// The only pointer to the allocation is a variable of an inner block: when the block ends, the
// memory is lost, although main goes on running.
#include <stdlib.h>
int main(void) {
  int r = 0;
  {
    int *p = malloc(sizeof(int));
    if (!p) return 0;
    *p = 1;
    r = *p;
  }
  while (r < 3) r++;
  return r;
}
