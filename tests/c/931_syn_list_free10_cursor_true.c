// expect: true
// property: valid-memsafety
// decide: synergy
// As 930, but the free loop walks a cursor from head and saves each next before the
// free; head itself is left dangling and never read again.
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
  struct node *p = head;
  while (p) {
    struct node *q = p->next;
    free(p);
    p = q;
  }
  return s;
}
