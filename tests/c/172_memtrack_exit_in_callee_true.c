// expect: true
// property: valid-memsafety
// decide: explicit
// exit() called from a function never returns: no frame is popped, so memory that main's (or
// any caller's) variables point to when exit is called is still tracked (valid-memtrack holds;
// valid-memcleanup would not).
#include <stdlib.h>
void finish(int *q) {
  if (*q == 7) exit(0);
  free(q);
}
int main(void) {
  int *p = malloc(sizeof(int));
  if (!p) return 0;
  *p = __VERIFIER_nondet_bool() ? 7 : 8;
  finish(p);
  return 0;
}
