// expect: true
// property: valid-memcleanup
// decide: explicit
// Everything allocated is freed on every path before the program ends, by return or by exit.
#include <stdlib.h>
struct node { struct node *next; };
struct node *list;
static void clear(void) {
  while (list) {
    struct node *n = list->next;
    free(list);
    list = n;
  }
}
int main(void) {
  for (int i = 0; i < 3; i++) {
    struct node *n = malloc(sizeof *n);
    if (!n) break;
    n->next = list;
    list = n;
  }
  char *buf = malloc(4);
  free(buf);
  clear();
  if (__VERIFIER_nondet_bool()) exit(1);
  return 0;
}
