// expect: false(unreach-call)
// decide: synergy
// 746 whose second node gets another value: the walk finds it when n is 2.
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
    p->v = i == 1 ? 2 : 1;
    p->next = head;
    head = p;
  }
  for (struct node *p = head; p; p = p->next)
    if (p->v != 1) reach_error(); // BUG
  return 0;
}
