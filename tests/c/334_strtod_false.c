// expect: false(unreach-call)
// decide: explicit
// "0.3" and the sum 0.1 + 0.2 are different doubles.
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  double a = strtod("0.1", 0), b = strtod("0.2", 0);
  if (a + b != strtod("0.3", 0)) reach_error();
  return 0;
}
