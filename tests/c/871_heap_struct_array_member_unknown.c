// expect: unknown(array subscript outside a member array or row)
// property: valid-memsafety
// decide: explicit
// unknown: undefined
// An array of structs on the heap: `a[1].buf[6]` is a constant subscript past the member array
// `buf[4]` that stays inside the allocated block (in `a[2]`); undefined, so unknown (ESBMC's
// github_6508-arrayelem).
#include <stdlib.h>
struct S {
  int buf[4];
  unsigned n;
};
int main(void) {
  struct S *a = malloc(4 * sizeof(struct S));
  if (!a)
    return 0;
  a[1].buf[6] = 1;
  free(a);
  return 0;
}
