// expect: true
// decide: explicit
// srand(time(NULL)) with every possible clock reading: rand() stays in [0, RAND_MAX].
#include <stdlib.h>
#include <time.h>
int main(void) {
  srand(time(NULL));
  int x = rand() % 10;
  if (x < 0 || x >= 10) reach_error();
  return 0;
}
