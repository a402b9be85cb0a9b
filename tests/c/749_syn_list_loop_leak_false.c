// expect: false(valid-memtrack)
// property: valid-memsafety
// decide: synergy
// 748 whose free loop stops before the last node: that node is lost when main returns.
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
  while (head && head->next) {
    struct node *q = head->next;
    free(head);
    head = q;
  }
  head = 0;
  return 0; // BUG
}
