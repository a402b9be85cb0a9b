// expect: false(unreach-call)
// decide: explicit
// A program that assumes strcasecmp is strcmp: "Q" matches "q" ignoring case.
#include <strings.h>
int main(void) {
  char c = __VERIFIER_nondet_char();
  char s[2] = {c, 0};
  if (strcasecmp(s, "q") == 0 && c != 'q') reach_error();
  return 0;
}
