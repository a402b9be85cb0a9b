// expect: false(valid-memcleanup)
// property: valid-memcleanup
// decide: explicit
// valid-memcleanup: every allocation must be freed before the program ends, reachable or not.
// The list hangs off a global, so valid-memtrack holds, but the program ends with it allocated.
#include <stdlib.h>
struct node { struct node *next; };
struct node *list;
int main(void) {
  for (int i = 0; i < 2; i++) {
    struct node *n = malloc(sizeof *n);
    if (!n) return 0;
    n->next = list;
    list = n;
  }
  struct node *first = list;
  list = list->next;
  free(first);
  return 0;
}
