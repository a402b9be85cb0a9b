// expect: unknown(va_arg beyond the arguments passed)
// property: valid-memsafety
// decide: explicit
// unknown: undefined
// printf reads a second int that the call did not pass: undefined behaviour (C11 7.16.1.1,
// 7.21.6.1p2), but no invalid dereference natively (the value comes from the register save area
// or the stack). vigil answers unknown, never false(valid-deref) and never true.
#include <stdio.h>
int main(void) {
  printf("%d %d\n", 1);
  return 0;
}
