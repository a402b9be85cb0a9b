// expect: true
// unknown: unsupported
// glibc's strtod rounds in the current direction ("0.1" upward is 0x1.999999999999ap-4, the
// nearest, downward 0x1.9999999999999p-4); the runtime's conversion rounds to nearest only, so
// in another direction it stops as unsupported rather than answer with the nearest value.
#include <fenv.h>
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  fesetround(FE_DOWNWARD);
  double d = strtod("0.1", 0);
  if (d >= 0.1) reach_error();
  return 0;
}
