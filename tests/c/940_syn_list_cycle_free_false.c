// expect: false(valid-deref)
// property: valid-memsafety
// decide: synergy
// As 930, but a list of 8 or more nodes is closed into a cycle before the free loop, which
// then comes back to the freed head: a use after free. The ordered-predecessor facts of
// generalize/reachable.rs hold of the list before the cycle is closed and must not survive.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { int v; struct node *next; };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10) return 0;
  struct node *head = 0, *last = 0;
  for (int i = 0; i < n; i++) {
    struct node *p = malloc(sizeof *p);
    p->v = i;
    p->next = head;
    if (!head) last = p;
    head = p;
  }
  if (n > 7) last->next = head;
  while (head) {
    struct node *q = head->next;
    free(head);
    head = q;
  }
  return 0;
}
