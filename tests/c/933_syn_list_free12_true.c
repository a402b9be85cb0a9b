// expect: true
// property: valid-memsafety
// decide: synergy
// As 930 with up to 12 nodes: exactly as many as the slots of the allocation site (the
// allocation finds a free slot only because i nodes are allocated and i < n <= 12).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { int v; struct node *next; };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 12) return 0;
  struct node *head = 0;
  for (int i = 0; i < n; i++) {
    struct node *p = malloc(sizeof *p);
    p->v = i;
    p->next = head;
    head = p;
  }
  int s = 0;
  for (struct node *p = head; p; p = p->next) s += p->v;
  while (head) {
    struct node *q = head->next;
    free(head);
    head = q;
  }
  return s;
}
