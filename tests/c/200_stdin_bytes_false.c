// expect: false(unreach-call)
// decide: explicit
// The bytes of stdin are inputs: the counterexample reads "ok", and the harness gives exactly
// those bytes to the native run (a memory stream as stdin), which confirms it.
#include <stdio.h>
int main(void) {
  int a = getchar();
  if (a != 'o') return 0;
  int b = getchar();
  if (b == 'k') reach_error();
  return 0;
}
