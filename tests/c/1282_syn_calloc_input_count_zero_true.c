// expect: true
// decide: synergy
// calloc of an input count of ints: every element reads 0 without being written, and the
// elements a loop writes below i hold 1.
#include <stdlib.h>
void reach_error(void);
int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(0 <= n && n <= 1000)) return 0;
  int *x = calloc(n, sizeof(int));
  for (int i = 0; i < n; i++)
    if (x[i] != 0) reach_error();
  for (int i = 0; i < n; i++) x[i] = 1;
  for (int i = 0; i < n; i++)
    if (x[i] != 1) reach_error();
  free(x);
  return 0;
}
