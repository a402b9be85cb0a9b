// expect: false(unreach-call)
// decide: explicit
// Every second is a possible reading of the clock, this one too: the counterexample's harness
// makes time() return it natively.
#include <time.h>
int main(void) {
  if (time(NULL) == 1700000000) reach_error();
  return 0;
}
