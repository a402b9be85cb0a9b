// expect: true
// decide: explicit
// Every byte of stdin, the end of the input and a read error are explored, so a property of
// all inputs is proved: one byte cannot be two different letters.
#include <stdio.h>
int main(void) {
  int a = getchar();
  if (a == 'o' && a == 'k') reach_error();
  if (a != EOF && (a < 0 || a > 255)) reach_error();
  return 0;
}
