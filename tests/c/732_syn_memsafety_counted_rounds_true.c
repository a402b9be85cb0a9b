// expect: true
// property: valid-memsafety
// decide: synergy
// Three rounds that each allocate, use and free one object (the synergy test program
// heap_in_loop.c with data). The proof's region predicates choose a free allocation slot: as
// trees they are exponentially larger than as shared terms, and printing them once ran past
// every deadline (the rendering is now bounded).
#include <stdlib.h>
int main(void) {
  int s = 0;
  for (int i = 0; i < 3; i++) {
    int *p = malloc(sizeof(int));
    *p = i;
    s += *p;
    free(p);
  }
  if (s != 3) reach_error();
  return 0;
}
