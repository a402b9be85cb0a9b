// A list of up to 3 nodes built by a loop (one allocation site in a loop: slot objects,
// flatten/pointers.rs) and walked by a second loop. The proof needs the heap's shape as
// invariant: the candidates of generalize/shapes.rs (shapes paired with the counter, and
// `alive_k => v_k == 1`), kept by the Houdini check.
// expect: true
// max-iterations: 30
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { int v; struct node *next; };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 3) return 0;
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
