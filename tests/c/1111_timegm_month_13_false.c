// expect: false(unreach-call)
// decide: explicit
// A program that expects timegm to leave month 13 alone: glibc normalises it to January of the
// next year, so the error is reached (natively too).
#include <time.h>
extern void reach_error(void);
int main(void) {
  struct tm m = {0};
  m.tm_year = 123;
  m.tm_mon = 12;
  m.tm_mday = 1;
  timegm(&m);
  if (m.tm_mon != 12) reach_error();
  return 0;
}
