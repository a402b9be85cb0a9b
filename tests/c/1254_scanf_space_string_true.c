// expect: true
// decide: explicit
// " %7s" skips white space of any length (the search closes: the scanner counts bytes only for
// %n), then stores up to 7 bytes that are not white space.
#include <stdio.h>
int main(void) {
  char s[8];
  if (scanf(" %7s", s) == 1 && (s[0] == ' ' || s[0] == '\n' || s[0] == '\t')) reach_error();
  return 0;
}
