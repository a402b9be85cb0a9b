// expect: true
// property: valid-memsafety
// decide: explicit
// calloc zero-fills, realloc keeps the contents and frees the old block.
#include <stdlib.h>
int main(void) {
  int *a = calloc(4, sizeof(int));
  if (!a) return 0;
  a[3] = 7;
  int *b = realloc(a, 8 * sizeof(int));
  if (!b) { free(a); return 0; }
  if (b[0] != 0 || b[3] != 7) reach_error();
  b[7] = 1;
  free(b);
  return 0;
}
