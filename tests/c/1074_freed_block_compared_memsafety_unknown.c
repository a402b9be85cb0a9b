// expect: unknown(dead object)
// property: valid-memsafety
// decide: explicit
// 1068 under valid-memsafety: natively p == q (glibc reuses the freed block), so q is never
// freed and leaks; the VM's fresh object would make the two differ and q freed. The comparison
// of the dangling p is undefined (C11 6.2.4p2): unknown, never true.
#include <stdlib.h>
int main(void) {
  int *p = malloc(sizeof *p);
  if (!p) return 0;
  free(p);
  int *q = malloc(sizeof *q);
  if (!q) return 0;
  if (p != q) free(q);
  return 0;
}
