// expect: true
// decide: explicit
// scanf("%d") returns 1, 0 (no digits) or EOF (the input ended or failed before the field).
#include <stdio.h>
int main(void) {
  int x = 0;
  int r = scanf("%d", &x);
  if (r != 1 && r != 0 && r != EOF) reach_error();
  if (r == EOF && !feof(stdin) && !ferror(stdin)) reach_error();
  return 0;
}
