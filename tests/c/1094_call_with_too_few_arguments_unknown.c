// expect: unknown(call with a bad callee or too few arguments)
// decide: explicit
// unknown: undefined
// The other direction stays undefined: `callee` reads a parameter the call does not pass
// (natively whatever the register holds).
#include <stdlib.h>
void reach_error(void) { abort(); }
int callee(int a) { return a; }
int main() {
  int (*f)(void) = (int (*)(void))callee;
  if (f() == 7) reach_error();
  return 0;
}
