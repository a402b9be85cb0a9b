// expect: true
// decide: explicit
// glibc's return values: fputs gives 1, puts the number of bytes written (newline included),
// fwrite of zero bytes gives 0.
#include <stdio.h>
int main(void) {
  if (fputs("abc", stdout) != 1) reach_error();
  if (puts("hi") != 3) reach_error();
  if (fwrite("x", 0, 4, stdout) != 0) reach_error();
  if (fwrite("xy", 1, 2, stdout) != 2) reach_error();
  return 0;
}
