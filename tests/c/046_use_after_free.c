// expect: false(valid-deref)
// property: valid-memsafety
// Read through a dangling pointer.
#include <stdlib.h>
int main(void) {
  int *p = malloc(sizeof(int));
  if (!p) return 0;
  *p = 5;
  free(p);
  return *p;
}
