// expect: true
// decide: explicit
// glibc's case mappings of a negative char (-128..-2, a char above 127 not cast to unsigned
// char) give the unsigned char it stands for, EOF stays EOF, and such a character is in no class.
#include <ctype.h>
#include <stdio.h>
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char c = __VERIFIER_nondet_char();
  if (c >= 0 || c == EOF) return 0;
  if (tolower(c) != (unsigned char)c) reach_error();
  if (toupper(c) != (unsigned char)c) reach_error();
  if (isalpha(c) || isprint(c) || isspace(c)) reach_error();
  if (toupper(EOF) != EOF) reach_error();
  return 0;
}
