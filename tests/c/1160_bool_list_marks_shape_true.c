// expect: true
// property: valid-memsafety
// decide: shape
// A list whose nodes carry a `_Bool` set from a nondeterministic `_Bool`: the shape analysis
// abstracts the nodes' integers, and must keep that the `_Bool` byte is a zero-extended bit
// (0 or 1) so that the check of its reads (1155) holds and the proof of memory safety stands.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern _Bool __VERIFIER_nondet_bool(void);
struct node {
  struct node *next;
  _Bool mark;
};
int main(void) {
  struct node *head = NULL;
  while (__VERIFIER_nondet_int()) {
    struct node *n = malloc(sizeof *n);
    if (!n)
      return 1;
    n->next = head;
    n->mark = __VERIFIER_nondet_bool();
    head = n;
  }
  int marked = 0;
  for (struct node *p = head; p; p = p->next)
    if (p->mark)
      marked++;
  while (head) {
    struct node *n = head->next;
    free(head);
    head = n;
  }
  return marked > 0;
}
