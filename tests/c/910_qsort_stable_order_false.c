// expect: false(unreach-call)
// decide: explicit
// C leaves the order of equal elements after qsort unspecified; glibc 2.36's qsort is a merge
// sort, so it keeps them in their original order, and programs rely on it. vigil's qsort was
// a heap sort, which reorders them. Equal keys stay in order, so the check fails when k == 1.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void);

struct rec { int key; int id; };

static int by_key(const void *a, const void *b) {
  return ((const struct rec *)a)->key - ((const struct rec *)b)->key;
}

int main(void) {
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(k >= 0 && k <= 2);
  struct rec r[9];
  for (int i = 0; i < 9; i++) {
    r[i].key = (i * 7 + k) % 3;
    r[i].id = i;
  }
  qsort(r, 9, sizeof r[0], by_key);
  for (int i = 1; i < 9; i++)
    if (r[i - 1].key == r[i].key && r[i - 1].id < r[i].id && k == 1)
      reach_error();
  return 0;
}
