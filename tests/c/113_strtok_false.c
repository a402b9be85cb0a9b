// expect: false(valid-deref)
// property: valid-memsafety
// decide: explicit
// strtok returns NULL when only delimiters are left; using that token is a null dereference.
#include <string.h>
int main(void) {
  char line[] = "a;;";
  char *first = strtok(line, ";");
  char *second = strtok(NULL, ";");
  return first[0] + second[0];
}
