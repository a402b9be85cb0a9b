// expect: false(valid-memtrack)
// property: valid-memsafety
// decide: explicit
// A leak on one path only, the one where the input is true.
#include <stdlib.h>
struct node { struct node *next; int v; };
int main(void) {
  struct node *a = malloc(sizeof *a);
  if (!a) return 0;
  a->next = malloc(sizeof *a);
  if (__VERIFIER_nondet_bool()) a->next = 0;   /* the second node is lost */
  if (a->next) free(a->next);
  free(a);
  return 0;
}
