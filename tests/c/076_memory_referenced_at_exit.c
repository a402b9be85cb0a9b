// expect: false(valid-memtrack)
// property: valid-memsafety
// decide: explicit
// Memory pointed to only by main's variables is lost when main returns: its variables die at the
// return (SV-COMP's valid-memtrack, and LeakSanitizer, report the list).
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
