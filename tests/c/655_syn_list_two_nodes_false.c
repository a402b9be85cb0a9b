// expect: false(unreach-call)
// decide: synergy
// As 654, but the second node's value comes from an input: 5 makes the sum 6.
#include <stdlib.h>
int __VERIFIER_nondet_int(void);
struct node { int data; struct node *next; };
int main(void) {
  struct node *a = malloc(sizeof *a);
  struct node *b = malloc(sizeof *b);
  a->data = 1;
  a->next = b;
  b->data = __VERIFIER_nondet_int();
  b->next = NULL;
  int s = 0;
  for (struct node *p = a; p; p = p->next) s += p->data;
  free(a);
  free(b);
  if (s == 6) reach_error();
  return 0;
}
