// expect: false(valid-deref)
// property: valid-memsafety
// decide: explicit
// stpncpy does not terminate a string that fills all n bytes: strlen then runs off the buffer.
#define _GNU_SOURCE
#include <string.h>
int main(void) {
  char name[4];
  char *end = stpncpy(name, "four", sizeof name);
  if (end != name + 4) return 0;
  return (int)strlen(name);
}
