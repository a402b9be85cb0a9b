// expect: true
// unknown: input-sampled
// mktime normalises month 13 into the next January in every time zone, so the program is
// correct; but mktime reads the fields in the machine's local zone, which vigil does not know (it
// computes in UTC and marks the path incomplete), so the answer is unknown, never true.
#include <time.h>
extern void reach_error(void);
int main(void) {
  struct tm m = {0};
  m.tm_year = 123;
  m.tm_mon = 13;
  m.tm_mday = 15;
  m.tm_hour = 12;
  m.tm_isdst = -1;
  if (mktime(&m) == -1) reach_error();
  if (m.tm_mon < 0 || m.tm_mon > 11 || m.tm_year != 124) reach_error();
  return 0;
}
