// expect: true
// decide: synergy
// Two heap nodes linked through a pointer stored in memory, walked by a loop whose cursor is a
// pointer register: loads through it are a case split over the escaped objects' cells
// (crates/synergy/src/flatten/pointers.rs).
#include <stdlib.h>
struct node { int data; struct node *next; };
int main(void) {
  struct node *a = malloc(sizeof *a);
  struct node *b = malloc(sizeof *b);
  a->data = 1;
  a->next = b;
  b->data = 2;
  b->next = NULL;
  int s = 0;
  for (struct node *p = a; p; p = p->next) s += p->data;
  free(a);
  free(b);
  if (s != 3) reach_error();
  return 0;
}
