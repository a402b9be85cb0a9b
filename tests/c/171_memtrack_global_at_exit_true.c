// expect: true
// property: valid-memsafety
// decide: explicit
// Memory still reachable from a global variable when main returns is not lost (it would violate
// valid-memcleanup, not valid-memtrack), even after main's own pointer to it died.
#include <stdlib.h>
struct node { struct node *next; };
struct node *list;
int main(void) {
  struct node *local = malloc(sizeof *local);
  if (!local) return 0;
  local->next = malloc(sizeof *local);
  if (local->next) local->next->next = 0;
  list = local;
  return 0;
}
