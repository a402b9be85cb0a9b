// expect: unknown(_Bool object holding a value other than 0 or 1)
// property: valid-memsafety
// decide: explicit
// unknown: undefined
// The sibling of 1160 where one node's `_Bool` is written as the byte 2 through a `char`
// lvalue: its read is undefined (1155), so memory safety is not proved by any engine (the
// shape analysis, which abstracts the nodes' integers, must not take the byte for a bit).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node {
  struct node *next;
  _Bool mark;
};
int main(void) {
  struct node *head = NULL;
  for (int i = 0; i < 3; i++) {
    struct node *n = malloc(sizeof *n);
    if (!n)
      return 1;
    n->next = head;
    *(unsigned char *)&n->mark = i == 1 ? 2 : 0;
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
  return marked;
}
