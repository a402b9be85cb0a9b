// expect: true
// decide: explicit
// strcasecmp/strncasecmp fold only A-Z (C locale): over every char c, "c" equals "q" ignoring
// case exactly for 'q' and 'Q', and the sign of the result follows the folded bytes.
#include <string.h>
#include <strings.h>
int main(void) {
  char c = __VERIFIER_nondet_char();
  char s[3] = {c, 'x', 0};
  int eq = strcasecmp(s, "Qx") == 0;
  if (eq != (c == 'q' || c == 'Q')) reach_error();
  if (strncasecmp(s, "QY", 1) != 0 && (c == 'q' || c == 'Q')) reach_error();
  if (strncasecmp(s, "qy", 2) == 0) reach_error(); /* 'x' vs 'y' always differs */
  if (strncasecmp(s, "zzz", 0) != 0) reach_error();
  if (c == '[' && strcasecmp(s, "ax") >= 0) reach_error(); /* '[' < 'a' after folding */
  return 0;
}
