// expect: false(valid-deref)
// property: valid-memsafety
// decide: synergy
// As 930, but a pointer to the 8th node is kept and read after the list is freed: a use
// after free when n >= 8.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { int v; struct node *next; };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10) return 0;
  struct node *head = 0, *kept = 0;
  for (int i = 0; i < n; i++) {
    struct node *p = malloc(sizeof *p);
    p->v = i;
    p->next = head;
    head = p;
    if (i == 7) kept = p;
  }
  while (head) {
    struct node *q = head->next;
    free(head);
    head = q;
  }
  return kept ? kept->v : 0;
}
