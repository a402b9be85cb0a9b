// expect: true
// decide: synergy
// An allocation at one site in a loop (the site stands for a few objects used in turn): each
// round writes and reads its object through the pointer register and frees it.
#include <stdlib.h>
int main(void) {
  int s = 0;
  for (int i = 0; i < 3; i++) {
    int *p = malloc(sizeof(int));
    *p = 1;
    s += *p;
    free(p);
  }
  if (s != 3) reach_error();
  return 0;
}
