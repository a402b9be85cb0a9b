// expect: false(no-overflow)
// property: no-overflow
// decide: explicit
// vasprintf returns the formatted length (here 14), which overflows when added to INT_MAX - 5.
#define _GNU_SOURCE
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
static int wrap(const char *fmt, ...) {
  char *msg;
  va_list ap;
  va_start(ap, fmt);
  int used = vasprintf(&msg, fmt, ap);
  va_end(ap);
  if (used >= 0) free(msg);
  return used;
}
int main(void) {
  int used = wrap("unknown uid %u", 7u);
  if (used < 0) return 0;
  int big = INT_MAX - 5;
  return big + used;
}
