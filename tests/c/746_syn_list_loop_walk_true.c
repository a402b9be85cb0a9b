// expect: true
// decide: synergy
// A list of up to 2 nodes built by a loop (an allocation site in a loop: slot objects) and
// walked by a second loop. The proof needs the heap shape as invariant ("p is null or an
// allocated node, each node's next the one allocated before, each node's v is 1"): the
// generalizer's heap-shape candidates (crates/synergy/src/generalize/shapes.rs).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { int v; struct node *next; };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 2) return 0;
  struct node *head = 0;
  for (int i = 0; i < n; i++) {
    struct node *p = malloc(sizeof *p);
    p->v = 1;
    p->next = head;
    head = p;
  }
  for (struct node *p = head; p; p = p->next)
    if (p->v != 1) reach_error();
  return 0;
}
