// expect: true
// decide: synergy
// A helper that allocates is called in a loop: its allocation site, inlined into the loop,
// stands for a few objects used in turn; each round reads its object back and frees it.
#include <stdlib.h>
static int *box(int v) {
  int *p = malloc(sizeof(int));
  *p = v;
  return p;
}
int main(void) {
  int s = 0;
  for (int i = 0; i < 4; i++) {
    int *p = box(2);
    s += *p;
    free(p);
  }
  if (s != 8) reach_error();
  return 0;
}
