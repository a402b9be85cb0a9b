// expect: true
// decide: explicit
// C's offsetof idiom &((T *)0)->field and the container_of macro built on it (a constant
// getelementptr on the null pointer, and ptrtoint of it), as Linux-derived programs use them.
#include <stddef.h>
struct node { int value; struct node *next; };
#define container_of(ptr, type, member) ((type *)((char *)(ptr) - (unsigned long)(&((type *)0)->member)))
unsigned long off = (unsigned long)&((struct node *)0)->next;
extern void reach_error(void);
int main(void) {
  struct node n = { 5, 0 };
  struct node **p = &n.next;
  struct node *back = container_of(p, struct node, next);
  if (back->value != 5 || off != 8) reach_error();
  return 0;
}
