// expect: false(valid-memtrack)
// property: valid-memsafety
// decide: synergy
// 748 that frees only the list's first node: with 2 nodes, the second is lost (its only pointer
// was in the freed node).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { int v; struct node *next; };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 2) return 0;
  struct node *head = 0;
  for (int i = 0; i < n; i++) {
    struct node *p = malloc(sizeof *p);
    p->v = i;
    p->next = head;
    head = p;
  }
  free(head); // BUG
  return 0;
}
