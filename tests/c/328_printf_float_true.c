// expect: true
// decide: explicit
// printf's floating-point conversions print the exact binary value rounded half to even, as
// glibc does.
#include <stdio.h>
#include <string.h>
extern void reach_error(void);
static void check(const char *fmt, double v, const char *want) {
  char buf[128];
  snprintf(buf, sizeof buf, fmt, v);
  if (strcmp(buf, want) != 0) reach_error();
}
int main(void) {
  check("%.2f", 2.675, "2.67");
  check("%.0f", 2.5, "2");
  check("%.0f", 3.5, "4");
  check("%.20f", 0.1, "0.10000000000000000555");
  check("%e", 1e300, "1.000000e+300");
  check("%g", 0.0001, "0.0001");
  check("%g", 1e-5, "1e-05");
  check("%#g", 1.0, "1.00000");
  check("%a", 0.1, "0x1.999999999999ap-4");
  check("%08.3f", -3.14159, "-003.142");
  check("%f", -0.0, "-0.000000");
  check("%5.1f", 1.0 / 0.0, "  inf");
  return 0;
}
