// expect: false(unreach-call)
// decide: synergy
// 1276 with element i set to i: from n = 6 on an element is above 4.
#include <stdlib.h>
void reach_error(void);
int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(0 <= n && n <= 1000)) return 0;
  int *x = malloc(n * sizeof(int));
  for (int i = 0; i < n; i++) x[i] = i;
  for (int i = 0; i < n; i++)
    if (x[i] > 4) reach_error();
  return 0;
}
