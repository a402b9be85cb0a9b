// expect: true
// property: valid-memsafety
// decide: synergy
// A memset of zeros over a whole heap array of an input length (its length the very
// expression the array was allocated with, n * sizeof(int)), then a loop that checks and
// frees. The memset is in bounds by construction; every element reads 0.
#include <stdlib.h>
#include <string.h>
void reach_error(void);
int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(0 <= n && n <= 1000)) return 0;
  int *x = malloc(n * sizeof(int));
  memset(x, 0, n * sizeof(int));
  int bad = 0;
  for (int i = 0; i < n; i++)
    if (x[i] != 0) bad = 1;
  free(x);
  if (bad) reach_error();
  return 0;
}
