// expect: true
// 1087 with the sign C promises and the -1 AddressSanitizer returns: glibc returns -2, so
// the error is not reached (an engine answering from a -1/1 strcmp would say false).
#include <string.h>
#include <stdlib.h>
void reach_error(void) { abort(); }
// Hides the strings from clang, which would otherwise fold the call.
static const char *opaque(const char *s) {
  const char *volatile p = s;
  return p;
}
int main(void) {
  if (strcmp(opaque("a"), opaque("c")) == -1) reach_error();
  return 0;
}
