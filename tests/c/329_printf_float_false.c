// expect: false(unreach-call)
// decide: explicit
// 1.005 is 1.00499999999999989... in binary64, so "%.2f" prints 1.00, not 1.01.
#include <stdio.h>
#include <string.h>
extern void reach_error(void);
int main(void) {
  char buf[32];
  snprintf(buf, sizeof buf, "%.2f", 1.005);
  if (strcmp(buf, "1.00") == 0) reach_error();
  return 0;
}
