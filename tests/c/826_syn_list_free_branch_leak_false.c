// expect: false(valid-memtrack)
// property: valid-memsafety
// decide: synergy
// Nodes whose value is 1 are unlinked but not freed: a leak when the list has two nodes.
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
  while (head) {
    struct node *q = head->next;
    if (head->v != 1)
      free(head);
    head = q;
  }
  return 0;
}
