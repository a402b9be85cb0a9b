// expect: true
// property: valid-memcleanup
// decide: explicit
// The program allocates nothing. `atexit` registers a handler, and `_Exit` ends the program
// without running it. glibc keeps the first 32 registrations in static storage; vigil's runtime
// kept its handler list on the heap and frees it only when exit runs the handlers, so after
// `_Exit` (or `quick_exit`, or `abort`) the list was still allocated and vigil answered
// `false(valid-memcleanup)`.
#include <stdlib.h>
static void handler(void) {}
extern int __VERIFIER_nondet_int(void);
int main(void) {
  atexit(handler);
  at_quick_exit(handler);
  if (__VERIFIER_nondet_int())
    quick_exit(0);
  _Exit(0);
}
