// expect: false(valid-deref)
// property: valid-memsafety
// decide: explicit
// fgets returns NULL when the input is empty; the program uses the result unchecked.
#include <stdio.h>
#include <string.h>
int main(void) {
  char line[16];
  char *s = fgets(line, sizeof line, stdin);
  return (int)strlen(s);
}
