// expect: false(unreach-call)
// decide: synergy
// As 828, but the node allocated when i == 8 holds 2: the walk reaches the error only for
// lists of 9 or 10 nodes, beyond the first slot count.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { int v; struct node *next; };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10) return 0;
  struct node *head = 0;
  for (int i = 0; i < n; i++) {
    struct node *p = malloc(sizeof *p);
    p->v = i == 8 ? 2 : 1;
    p->next = head;
    head = p;
  }
  for (struct node *p = head; p; p = p->next)
    if (p->v != 1) reach_error();
  return 0;
}
