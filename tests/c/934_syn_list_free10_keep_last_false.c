// expect: false(valid-memtrack)
// property: valid-memsafety
// decide: synergy
// As 930, but the free loop stops at the last node, which is never freed: a leak when
// main returns, for every n >= 1.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { int v; struct node *next; };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10) return 0;
  struct node *head = 0;
  for (int i = 0; i < n; i++) {
    struct node *p = malloc(sizeof *p);
    p->v = i;
    p->next = head;
    head = p;
  }
  while (head && head->next) {
    struct node *q = head->next;
    free(head);
    head = q;
  }
  return 0;
}
