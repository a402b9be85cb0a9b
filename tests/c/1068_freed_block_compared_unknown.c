// expect: unknown(dead object)
// decide: explicit
// After free(p), glibc hands the same block to the next malloc of its size, so natively p == q
// and the error is reached (at -O0; clang -O2 folds the comparison to false). C11 6.2.4p2 makes
// the value of p indeterminate once its block is freed: undefined behaviour outside the
// property, so vigil answers unknown, never true. (Before, every engine answered true.)
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { abort(); }
int main(void) {
  int *p = malloc(sizeof *p);
  if (!p) return 0;
  *p = __VERIFIER_nondet_int();
  free(p);
  int *q = malloc(sizeof *q);
  if (!q) return 0;
  if (p == q) reach_error();
  free(q);
  return 0;
}
