// expect: false(valid-memtrack)
// property: valid-memsafety
// flags: --m32
// decide: explicit
// ILP32: the only pointer to a block lives in a heap object that is freed first.
#include <stdlib.h>
struct holder { char pad; void *block; };
int main(void) {
  struct holder *h = malloc(sizeof *h);
  if (!h) return 0;
  h->block = malloc(16);
  free(h);
  return 0;
}
