// expect: true
// malloc/free of a linked list.
#include <stdlib.h>
struct node { int v; struct node *next; };
int main(void) {
  struct node *head = 0;
  for (int i = 0; i < 5; i++) {
    struct node *n = malloc(sizeof *n);
    if (!n) return 0;
    n->v = i; n->next = head; head = n;
  }
  int sum = 0;
  while (head) { struct node *t = head->next; sum += head->v; free(head); head = t; }
  if (sum != 10) reach_error();
  return 0;
}
