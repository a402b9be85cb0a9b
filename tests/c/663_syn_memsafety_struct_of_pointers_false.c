// expect: false(valid-memtrack)
// property: valid-memsafety
// decide: synergy
// As 662, but an input decides whether the second object is freed: otherwise it is still
// allocated when main returns.
#include <stdlib.h>
int __VERIFIER_nondet_int(void);
struct pair { int *lo; int *hi; };
static void make(struct pair *p) {
  p->lo = malloc(sizeof(int));
  p->hi = malloc(sizeof(int));
  *p->lo = 1;
  *p->hi = 2;
}
static void drop(struct pair p) {
  free(p.lo);
  if (__VERIFIER_nondet_int()) free(p.hi);
}
int main(void) {
  struct pair q;
  make(&q);
  *q.hi += *q.lo;
  drop(q);
  return 0;
}
