// expect: true
// property: valid-memsafety
// decide: synergy
// A list of up to 10 nodes built by appending at the tail (each next points to a later
// slot, the other direction from 930), walked, then freed from the head.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { int v; struct node *next; };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10) return 0;
  struct node *head = 0, *tail = 0;
  for (int i = 0; i < n; i++) {
    struct node *p = malloc(sizeof *p);
    p->v = i;
    p->next = 0;
    if (tail) tail->next = p; else head = p;
    tail = p;
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
