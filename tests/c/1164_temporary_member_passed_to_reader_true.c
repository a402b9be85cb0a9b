// expect: true
// property: valid-memsafety
// decide: explicit
// The member array of a returned structure passed to functions that only read it (the
// program's own and the library's): the
// temporary lives until the end of the full expression, which the calls lie in, so nothing
// outlives it. clang spills each named parameter to a stack slot of the callee at -O0; vigil
// took that store for a kept address and refused to prove the program (unknown, "temporary").
#include <stddef.h>
#include <stdio.h>
#include <string.h>
struct name { char text[16]; };
static struct name make(char first) {
  struct name n = {"xigil"};
  n.text[0] = first;
  return n;
}
static size_t length(const char *s) {
  size_t n = 0;
  while (s[n])
    n++;
  return n;
}
static int starts_with(const char *s, char c) {
  const char *p = s;
  return p[0] == c;
}
int main(void) {
  size_t n = length(make('v').text);
  int v = starts_with(make('v').text, 'v');
  printf("%s %zu\n", make('v').text, strlen(make('w').text));
  if (n != 5 || !v || strcmp(make('v').text, "vigil") != 0)
    return *(volatile int *)0;
  return 0;
}
