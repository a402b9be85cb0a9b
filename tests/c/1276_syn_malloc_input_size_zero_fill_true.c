// expect: true
// decide: synergy
// An array of an input length on the heap (the length bounded, the object of that many ints):
// a loop zeroes it, a second one checks every element. The object is a large array whose
// size is the program's own expression 4 * n, so every access is checked against it; the
// ghost cell's invariant "below i every element is 0" carries the first loop to the second.
#include <stdlib.h>
void reach_error(void);
int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(0 <= n && n <= 1000)) return 0;
  int *x = malloc(n * sizeof(int));
  for (int i = 0; i < n; i++) x[i] = 0;
  for (int i = 0; i < n; i++)
    if (x[i] != 0) reach_error();
  return 0;
}
