// expect: false(valid-memtrack)
// property: valid-memsafety
// decide: explicit
// main's local variables die when main returns (C11 5.1.2.2.3: the return is exit() after the
// end of main's lifetime), so memory only they point to is lost then: SV-COMP's valid-memtrack.
#include <stdlib.h>
int main(void) {
  int *p = malloc(sizeof(int));
  if (!p) return 0;
  *p = 1;
  return 0;
}
