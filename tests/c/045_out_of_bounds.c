// expect: false(valid-deref)
// property: valid-memsafety
// Off-by-one write past a heap array.
#include <stdlib.h>
int main(void) {
  int n = 4;
  int *a = malloc(n * sizeof(int));
  if (!a) return 0;
  for (int i = 0; i <= n; i++) a[i] = i;
  free(a);
  return 0;
}
