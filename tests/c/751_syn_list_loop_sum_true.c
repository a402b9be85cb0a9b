// expect: true
// property: no-overflow
// decide: synergy
// The sum over a list of up to 2 nodes built by a loop, each holding at most 1000: no
// overflow: the sum paired with the list's shape is one of the heap-shape candidates of
// crates/synergy/src/generalize/shapes.rs.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { int v; struct node *next; };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 2) return 0;
  struct node *head = 0;
  for (int i = 0; i < n; i++) {
    struct node *p = malloc(sizeof *p);
    p->v = 1000 * i;
    p->next = head;
    head = p;
  }
  int s = 0;
  for (struct node *p = head; p; p = p->next) s += p->v;
  return s > 0;
}
