// expect: false(unreach-call)
// glibc's strcmp on x86-64 returns the difference of the first differing bytes ('a' - 'c' is
// -2); C only promises the sign. vigil's runtime returns what glibc does, so the error is
// reached. AddressSanitizer's own strcmp returns -1, so the native confirmation's sanitized run
// does not reach it; the run without the sanitizers does (it used to say "CONTRADICTED").
#include <string.h>
#include <stdlib.h>
void reach_error(void) { abort(); }
// Hides the strings from clang, which would otherwise fold the call.
static const char *opaque(const char *s) {
  const char *volatile p = s;
  return p;
}
int main(void) {
  if (strcmp(opaque("a"), opaque("c")) == -2) reach_error();
  return 0;
}
