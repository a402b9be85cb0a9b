// list_loop_walk.c whose third node holds 0: the walk reaches the error when n is 3.
// expect: false
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
    p->v = i == 2 ? 0 : 1;
    p->next = head;
    head = p;
  }
  for (struct node *p = head; p; p = p->next)
    if (p->v != 1) reach_error();
  return 0;
}
