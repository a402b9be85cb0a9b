// expect: true
// property: valid-memsafety
// decide: synergy
// A list of up to 3 nodes built by a loop and freed right away, the value of each node checked
// as it is freed (no walk in between).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { int v; struct node *next; };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 3) return 0;
  struct node *head = 0;
  for (int i = 0; i < n; i++) {
    struct node *p = malloc(sizeof *p);
    p->v = 7;
    p->next = head;
    head = p;
  }
  int k = 0;
  while (head) {
    struct node *q = head->next;
    k += head->v;
    free(head);
    head = q;
  }
  return k;
}
