// expect: true
// property: valid-memsafety
// decide: explicit
// Memory still pointed to by main's variables when the program ends is not lost (valid-memtrack
// is about memory that becomes unreachable while the program runs).
#include <stdlib.h>
struct node { struct node *next; };
int main(void) {
  struct node *head = 0;
  for (int i = 0; i < 3; i++) {
    struct node *n = malloc(sizeof *n);
    if (!n) return 0;
    n->next = head;
    head = n;
  }
  return head == 0;
}
