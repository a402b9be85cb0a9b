// expect: true
// property: valid-memsafety
// decide: synergy
// Two nodes linked through memory (no loop); each freed once through a pointer loaded from
// the list: no invalid dereference, free or leak.
#include <stdlib.h>
struct node { int data; struct node *next; };
int main(void) {
  struct node *a = malloc(sizeof *a);
  a->next = malloc(sizeof *a);
  a->next->data = 3;
  a->data = a->next->data;
  free(a->next);
  free(a);
  return 0;
}
