// expect: true
// decide: explicit
// rand is glibc's generator: the first values after srand(42) and without srand are glibc's.
#include <stdlib.h>
int main(void) {
  srand(42);
  if (rand() != 71876166 || rand() != 708592740) reach_error();
  srand(1);
  int r = rand();
  if (r != 1804289383) reach_error();
  return 0;
}
