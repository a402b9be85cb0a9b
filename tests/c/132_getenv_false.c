// expect: false(valid-deref)
// property: valid-memsafety
// decide: explicit
// getenv returns NULL for a variable that is not set; the program uses the value unchecked.
#include <stdlib.h>
#include <string.h>
int main(void) {
  const char *dir = getenv("VIGIL_TEST_UNSET_VARIABLE");
  return (int)strlen(dir);
}
