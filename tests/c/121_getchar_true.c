// expect: true
// decide: explicit
// getchar returns a byte as unsigned char or EOF, and the end of the input is sticky; fgets
// with room for one byte stores at most that byte and a terminator.
#include <stdio.h>
#include <string.h>
int main(void) {
  int c = getchar();
  if (c != EOF && (c < 0 || c > 255)) reach_error();
  if (c == EOF && !feof(stdin) && !ferror(stdin)) reach_error();
  if (feof(stdin) && getchar() != EOF) reach_error();
  clearerr(stdin);
  char buf[2];
  if (fgets(buf, sizeof buf, stdin) && strlen(buf) > 1) reach_error(); /* a NUL byte read gives "" */
  return 0;
}
