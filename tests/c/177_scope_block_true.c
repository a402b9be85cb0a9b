// expect: true
// property: valid-memsafety
// decide: explicit
// Pointers to block-scoped variables used only while their blocks run, on every iteration of a
// loop that re-enters the block; heap memory held by a block-local pointer is freed inside it.
#include <stdlib.h>
int main(void) {
  int sum = 0;
  for (int i = 0; i < 3; i++) {
    int x = i;
    int *p = &x;
    sum += *p;
    int *h = malloc(sizeof(int));
    if (h) {
      *h = sum;
      sum = *h;
      free(h);
    }
  }
  {
    int y = 4;
    int *q = &y;
    sum += *q;
  }
  return sum == 7 ? 0 : 1;
}
