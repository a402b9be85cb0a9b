// expect: false(unreach-call)
// decide: explicit
// With %n the field is read byte by byte (the count of bytes is observable): three bytes.
#include <stdio.h>
int main(void) {
  int x = 0, n = 0;
  if (scanf("%d%n", &x, &n) == 1 && n == 3 && x == 42) reach_error();
  return 0;
}
