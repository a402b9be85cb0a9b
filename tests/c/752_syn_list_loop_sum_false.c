// expect: false(no-overflow)
// property: no-overflow
// decide: synergy
// 751 whose nodes hold 2^30 each: the sum of two overflows.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { int v; struct node *next; };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 2) return 0;
  struct node *head = 0;
  for (int i = 0; i < n; i++) {
    struct node *p = malloc(sizeof *p);
    p->v = 1073741824;
    p->next = head;
    head = p;
  }
  int s = 0;
  for (struct node *p = head; p; p = p->next) s += p->v; // BUG
  return s > 0;
}
