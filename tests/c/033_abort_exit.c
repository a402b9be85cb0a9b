// expect: true
// abort and exit end the program; code after them is unreachable.
#include <stdlib.h>
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0) abort();
  if (x == 0) exit(0);
  if (x < 0) reach_error();
  return 0;
}
