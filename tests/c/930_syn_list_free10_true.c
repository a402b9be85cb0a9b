// expect: true
// property: valid-memsafety
// decide: synergy
// A list of up to 10 nodes built by a loop, walked, then freed node by node: more nodes
// than the 6 slots an allocation site gets at first, so synergy works with 12. No test per
// length is needed: the free loop's proof that nothing is left allocated when head is null
// rests on 'each allocated node but head's is the next of an allocated node of a higher slot'
// (generalize/reachable.rs), and the build loop's on 'i nodes are allocated'
// (generalize/counts.rs) with the bound on n checked before the loop.
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
  int s = 0;
  for (struct node *p = head; p; p = p->next) s += p->v;
  while (head) {
    struct node *q = head->next;
    free(head);
    head = q;
  }
  return s;
}
