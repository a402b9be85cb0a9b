// expect: false(unreach-call)
// decide: explicit
// getenv finds no variable set on the counterexample's path: the native run gets an empty
// environment (whatever the caller's), so HOME is unset there too and the error is reached.
#include <stdlib.h>
int main(void) {
  if (getenv("HOME") == NULL) reach_error();
  return 0;
}
