// expect: false(valid-deref)
// property: valid-memsafety
// decide: explicit
// argc indexes a four-int block: any start with four or more arguments writes past it.
#include <stdlib.h>
int main(int argc, char **argv) {
  int *p = malloc(4 * sizeof(int));
  if (!p)
    return 0;
  if (argc > 3)
    p[argc] = 1;
  free(p);
  return 0;
}
