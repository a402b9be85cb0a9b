// expect: false(valid-deref)
// property: valid-memsafety
// decide: synergy
// The free loop reads the next pointer after freeing the node: a use after free for n ≥ 1.
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
    free(head);
    head = head->next;
  }
  return 0;
}
