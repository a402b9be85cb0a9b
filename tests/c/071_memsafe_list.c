// expect: true
// property: valid-memsafety
// decide: explicit
// A list of a nondeterministic length up to 3, built and freed completely.
#include <stdlib.h>
struct node { struct node *next; };
int main(void) {
  struct node *head = 0;
  int n = 0;
  while (n < 3 && __VERIFIER_nondet_bool()) {
    struct node *x = malloc(sizeof *x);
    if (!x) break;
    x->next = head;
    head = x;
    n++;
  }
  while (head) { struct node *t = head->next; free(head); head = t; }
  return 0;
}
