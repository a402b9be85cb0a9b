// expect: false(unreach-call)
// decide: synergy
// calloc's cells start at zero; the input 3 writes the cell the check looks at.
#include <stdlib.h>
int __VERIFIER_nondet_int(void);
int main(void) {
  int *a = calloc(4, sizeof(int));
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n >= 4) return 0;
  a[n] = 1;
  if (a[0] + a[1] + a[2] + a[3] != 1) reach_error();
  if (a[3] == 1) reach_error();
  free(a);
  return 0;
}
