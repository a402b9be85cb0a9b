// expect: unknown(ordered)
// decide: explicit
// unknown: addresses
// Ordering pointers into different objects is undefined (C11 6.5.8p5) and natively follows the
// stack's layout (here y lies below x with clang-19 at -O0, so the error is reached); the VM's
// object ids order them the other way. Unknown, never true.
#include <stdlib.h>
void reach_error(void) { abort(); }
int main(void) {
  int x = 1, y = 2;
  if (&y < &x) reach_error();
  return x + y == 3 ? 0 : 1;
}
