// expect: true
// property: valid-memsafety
// decide: synergy
// A list of up to 3 nodes built by a loop, walked, then freed node by node: no invalid access,
// no double free, no leak. The free loop's invariant (every node still listed is allocated,
// nothing else is) needs the list's head after the walk, which the walk never reads.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { int v; struct node *next; };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 3) return 0;
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
