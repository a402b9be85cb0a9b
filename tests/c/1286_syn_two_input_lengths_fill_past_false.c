// expect: false(valid-deref)
// property: valid-memsafety
// decide: synergy
// 1285 with the second input allowed one above the length (n <= m + 1): for n = m + 1 the
// fill writes b[m], past the array.
#include <stdlib.h>
void reach_error(void);
int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int m = __VERIFIER_nondet_int();
  if (!(0 <= n && n <= 1000 && 0 <= m && n <= m + 1 && m <= 1000)) return 0;
  int *b = malloc(m * sizeof(int));
  for (int i = 0; i < n; i++) b[i] = 2 * i + 1;
  int bad = 0;
  for (int i = 0; i < n; i++)
    if (b[i] != 2 * i + 1) bad = 1;
  free(b);
  if (bad) reach_error();
  return 0;
}
