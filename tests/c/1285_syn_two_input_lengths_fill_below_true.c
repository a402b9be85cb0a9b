// expect: true
// property: valid-memsafety
// decide: synergy
// A heap array of input length m filled with 2 * i + 1 below a second input n <= m, then
// checked and freed: the writes stay below the size 4 * m because the loop's bound n does.
#include <stdlib.h>
void reach_error(void);
int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int m = __VERIFIER_nondet_int();
  if (!(0 <= n && n <= 1000 && n <= m && m <= 1000)) return 0;
  int *b = malloc(m * sizeof(int));
  for (int i = 0; i < n; i++) b[i] = 2 * i + 1;
  int bad = 0;
  for (int i = 0; i < n; i++)
    if (b[i] != 2 * i + 1) bad = 1;
  free(b);
  if (bad) reach_error();
  return 0;
}
