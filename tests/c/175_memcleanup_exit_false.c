// expect: false(valid-memcleanup)
// property: valid-memcleanup
// decide: explicit
// exit() keeps main's variables alive (valid-memtrack holds), but valid-memcleanup asks that the
// memory be freed before the program ends.
#include <stdlib.h>
int main(void) {
  int *p = malloc(sizeof(int));
  if (!p) return 0;
  *p = __VERIFIER_nondet_bool();
  if (*p) exit(0);
  free(p);
  return 0;
}
