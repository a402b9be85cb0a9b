// expect: true
// unknown: incomplete
// gmtime of the clock's reading: the conversion takes a few sampled values of the (symbolic)
// time, so the explicit engine may not claim `true` although every field is in its range.
#include <time.h>
int main(void) {
  time_t t = time(NULL);
  struct tm *r = gmtime(&t);
  if (r && (r->tm_mon < 0 || r->tm_mon > 11 || r->tm_mday < 1 || r->tm_mday > 31)) reach_error();
  return 0;
}
