// expect: false(valid-free)
// property: valid-memsafety
// decide: synergy
// 748 whose free loop frees the first node (the last allocated) twice when the list has
// two nodes.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { int v; struct node *next; };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 2) return 0;
  struct node *head = 0;
  for (int i = 0; i < n; i++) {
    struct node *p = malloc(sizeof *p);
    p->v = i;
    p->next = head;
    head = p;
  }
  struct node *first = head;
  while (head) {
    struct node *q = head->next;
    free(head);
    head = q;
  }
  if (n == 2) free(first); // BUG
  return 0;
}
