// expect: false(valid-deref)
// property: valid-memsafety
// decide: synergy
// 732 whose last round reads its object after freeing it.
#include <stdlib.h>
int main(void) {
  int s = 0;
  for (int i = 0; i < 3; i++) {
    int *p = malloc(sizeof(int));
    *p = i;
    if (i == 2) free(p);
    s += *p;
    if (i != 2) free(p);
  }
  return s == 3 ? 0 : 1;
}
