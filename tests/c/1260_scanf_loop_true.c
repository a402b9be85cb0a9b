// expect: true
// decide: explicit
// Numbers read in a loop until scanf fails: each round reaches a state seen before.
#include <stdio.h>
int main(void) {
  int x, negative = 0;
  while (scanf("%d", &x) == 1)
    if (x < 0)
      negative = 1;
  if (negative != 0 && negative != 1) reach_error();
  return 0;
}
