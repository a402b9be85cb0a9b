// expect: false(unreach-call)
// decide: explicit
// glibc's printf family fails (-1, errno EOVERFLOW) when a width or precision written in the
// format does not fit an int (the characters before it are output, and snprintf's string is
// terminated after them). vigil read such a number modulo 2^32 and printed.
#include <errno.h>
#include <stdio.h>
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char buf[16];
  const char *format = __VERIFIER_nondet_int() ? "ab%4294967301d" : "ab%5d";
  errno = 0;
  int n = snprintf(buf, sizeof buf, format, 7);
  if (n < 0 && errno == EOVERFLOW && strcmp(buf, "ab") == 0) reach_error();
  return 0;
}
