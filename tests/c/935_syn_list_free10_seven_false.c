// expect: false(valid-memtrack)
// property: valid-memsafety
// decide: synergy
// As 930, but the free loop frees at most 7 nodes: a leak only for lists longer than the
// 6 slots an allocation site gets at first (n >= 8).
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
  int c = 0;
  while (head && c < 7) {
    struct node *q = head->next;
    free(head);
    head = q;
    c++;
  }
  return 0;
}
