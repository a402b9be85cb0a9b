// expect: true
// property: valid-memsafety
// A pointer copied byte by byte by the program itself, then used: valid C, so no verdict may
// claim a dereference error (the VM loses the pointer's provenance and must say unknown).
#include <stdlib.h>
struct box { int *p; };
int main(void) {
  int *x = malloc(sizeof(int));
  if (!x) return 0;
  *x = 5;
  struct box a = {x}, b;
  unsigned char *s = (unsigned char *)&a, *d = (unsigned char *)&b;
  for (unsigned i = 0; i < sizeof a; i++) d[i] = s[i];
  int v = *b.p;
  free(x);
  return v - 5;
}
