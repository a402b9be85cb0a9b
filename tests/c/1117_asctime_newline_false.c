// expect: false(unreach-call)
// decide: explicit
// A program that expects asctime's 24 characters without the newline: glibc's text ends in
// "\n" at index 24, so the error is reached (natively too).
#include <time.h>
extern void reach_error(void);
int main(void) {
  time_t t = 86400 * 365;
  char *s = asctime(gmtime(&t));
  if (s[24] != '\0') reach_error();
  return 0;
}
