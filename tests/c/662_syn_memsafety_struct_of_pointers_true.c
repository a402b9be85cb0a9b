// expect: true
// property: valid-memsafety
// decide: synergy
// A local struct of main holds two heap pointers that helpers allocate and free (pointers
// stored in memory and passed to inlined calls). main's own frame ends only as main returns,
// so its lifetime markers do not make the engine decline.
#include <stdlib.h>
struct pair { int *lo; int *hi; };
static void make(struct pair *p) {
  p->lo = malloc(sizeof(int));
  p->hi = malloc(sizeof(int));
  *p->lo = 1;
  *p->hi = 2;
}
static void drop(struct pair p) {
  free(p.lo);
  free(p.hi);
}
int main(void) {
  struct pair q;
  make(&q);
  *q.hi += *q.lo;
  drop(q);
  return 0;
}
