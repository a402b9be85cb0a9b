// expect: true
// decide: explicit
// The sibling of 1068-1072: comparisons whose result the platform fixes stay modelled. Pointers
// strictly inside two live objects are never equal; pointers into one object order by offset
// (one past the end included); a freed pointer is still not NULL; two functions have two
// addresses; a list walk stops at its sentinel.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { abort(); }
struct node { struct node *next; int v; };
static int f(void) { return 1; }
static int g(void) { return 2; }
int main(void) {
  int a[4], b[4];
  int *p = __VERIFIER_nondet_int() ? &a[1] : &a[3];
  if (p == &b[1] || p == &b[0]) reach_error();
  if (!(p > &a[0] && p < &a[4])) reach_error();
  int *h = malloc(sizeof *h);
  if (!h) return 0;
  free(h);
  if (h == NULL) reach_error();
  int (*fp)(void) = __VERIFIER_nondet_int() ? f : g;
  if (fp == f && fp() != 1) reach_error();
  struct node sentinel = { &sentinel, 0 }, n1 = { &sentinel, 1 }, n2 = { &n1, 2 };
  int sum = 0;
  for (struct node *q = &n2; q != &sentinel; q = q->next) sum += q->v;
  if (sum != 3) reach_error();
  return 0;
}
