// expect: false(unreach-call)
// decide: explicit
// A program that counts every fourth year as a leap year expects 29 February 2100 the day after
// the 28th; glibc's gmtime (Gregorian: 2100 is not a leap year) gives 1 March, so the error is
// reached (natively too).
#include <time.h>
extern void reach_error(void);
int main(void) {
  time_t t = 4107456000 + 86400; /* 2100-02-28 00:00:00 UTC, one day later */
  struct tm *g = gmtime(&t);
  if (g->tm_mday != 29) reach_error();
  return 0;
}
