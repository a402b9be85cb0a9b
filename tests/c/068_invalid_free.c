// expect: false(valid-free)
// property: valid-memsafety
// decide: explicit
// Freeing a pointer into the middle of a block.
#include <stdlib.h>
int main(void) {
  char *p = malloc(16);
  if (!p) return 0;
  free(p + 4);
  return 0;
}
