// expect: true
// property: valid-memcleanup
// decide: explicit
// The counterpart of 1184: every block allocated in the loop is freed in the same pass, so the
// program ends with nothing allocated, however many passes it makes.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  while (__VERIFIER_nondet_int()) {
    int *p = malloc(sizeof *p);
    if (!p) return 0;
    *p = 1;
    free(p);
  }
  return 0;
}
