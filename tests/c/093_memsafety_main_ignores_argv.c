// expect: true
// property: valid-memsafety
// decide: explicit
// Without mem2reg clang stores argc and argv into stack slots; storing is not reading them.
#include <stdlib.h>
int main(int argc, char **argv) {
  int *p = malloc(sizeof *p);
  if (p) {
    *p = 1;
    free(p);
  }
  return 0;
}
