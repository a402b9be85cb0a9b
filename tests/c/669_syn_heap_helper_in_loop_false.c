// expect: false(unreach-call)
// decide: synergy
// As 668, but the boxed value comes from an input: 3 in every round gives 12.
#include <stdlib.h>
int __VERIFIER_nondet_int(void);
static int *box(int v) {
  int *p = malloc(sizeof(int));
  *p = v;
  return p;
}
int main(void) {
  int s = 0;
  for (int i = 0; i < 4; i++) {
    int *p = box(__VERIFIER_nondet_int());
    s += *p;
    free(p);
  }
  if (s == 12) reach_error();
  return 0;
}
