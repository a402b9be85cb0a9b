// expect: false(valid-memtrack)
// property: valid-memsafety
// decide: synergy
// As 930, but when the free loop reaches the node holding 8 it unlinks the node after it,
// which is never freed: a leak in one branch, when n >= 9.
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
  while (head) {
    if (head->v == 8)
      head->next = head->next->next;
    struct node *q = head->next;
    free(head);
    head = q;
  }
  return 0;
}
