// expect: false(valid-free)
// property: valid-memsafety
// decide: synergy
// As 930, but the node holding 7 is freed twice: a double free when n >= 8.
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
    struct node *q = head->next;
    if (head->v == 7) free(head);
    free(head);
    head = q;
  }
  return 0;
}
