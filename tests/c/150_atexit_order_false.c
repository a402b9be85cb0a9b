// expect: false(unreach-call)
// decide: explicit
// The handler registered last runs first: `second` sees that `first` has not run yet.
#include <stdlib.h>
static int state;
static void first(void) { state = 1; }
static void second(void) { if (state == 0) reach_error(); }
int main(void) {
  atexit(first);
  atexit(second);
  return 0;
}
