// expect: false(unreach-call)
// decide: explicit
// The failure needs glibc's value of lrand48 after srand48(2026) (894009023) and of random after
// srandom(42) (71876166): another generator would miss it.
#include <stdlib.h>
int main(void) {
  srand48(2026);
  long a = lrand48();
  srandom(42);
  long b = random();
  if (a % 1000 == 23 && b % 1000 == 166) reach_error();
  return 0;
}
