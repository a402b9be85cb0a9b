// expect: false(valid-memtrack)
// property: valid-memsafety
// decide: synergy
// As 932, but for lists of 9 or 10 nodes the free loop skips the node holding 1, which
// stays allocated: a leak.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { int v; struct node *next; };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10) return 0;
  struct node *head = 0, *tail = 0;
  for (int i = 0; i < n; i++) {
    struct node *p = malloc(sizeof *p);
    p->v = i;
    p->next = 0;
    if (tail) tail->next = p; else head = p;
    tail = p;
  }
  while (head) {
    struct node *q = head->next;
    if (head->v != 1 || n < 9) free(head);
    head = q;
  }
  return 0;
}
