// expect: true
// decide: explicit
// strtod rounds correctly (halfway cases to even, digits far past the 17th deciding a tie),
// sets the end pointer and ERANGE as glibc does; atof agrees.
#include <errno.h>
#include <math.h>
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  char *end;
  if (strtod("9007199254740993", &end) != 9007199254740992.0 || *end) reach_error();
  if (strtod("9007199254740993.00000000000000000000001", 0) != 9007199254740994.0) reach_error();
  if (strtod("0.1", 0) != 0.1 || atof("  -2.5e3xyz") != -2500.0) reach_error();
  if (strtod("0x1.8p1", 0) != 3.0) reach_error();
  errno = 0;
  if (strtod("1e400", &end) != HUGE_VAL || errno != ERANGE || *end) reach_error();
  if (strtod("abc", &end) != 0.0 || *end != 'a') reach_error();
  if (strtof("3.4028236e38", 0) != __builtin_inff()) reach_error();
  return 0;
}
