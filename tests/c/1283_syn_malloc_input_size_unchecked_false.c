// expect: false(unreach-call)
// decide: synergy
// The last element, read at the variable index n - 1 (checked against the size 4 * n), holds
// the 7 the loop wrote, so every n above 10 reaches the error.
#include <stdlib.h>
void reach_error(void);
int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(0 <= n && n <= 1000)) return 0;
  int *x = malloc(n * sizeof(int));
  for (int i = 0; i < n; i++) x[i] = 7;
  if (n > 10 && x[n - 1] == 7) reach_error();
  free(x);
  return 0;
}
