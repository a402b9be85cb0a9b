// expect: false(valid-free)
// property: valid-memsafety
// decide: synergy
// As 660, but an input decides whether the second node is freed twice (once through the
// pointer loaded from the list, once through the variable).
#include <stdlib.h>
int __VERIFIER_nondet_int(void);
struct node { int data; struct node *next; };
int main(void) {
  struct node *a = malloc(sizeof *a);
  struct node *b = malloc(sizeof *b);
  a->next = b;
  free(a->next);
  if (__VERIFIER_nondet_int()) free(b);
  free(a);
  return 0;
}
