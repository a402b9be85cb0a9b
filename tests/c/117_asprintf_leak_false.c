// expect: false(valid-memtrack)
// property: valid-memsafety
// decide: explicit
// The string asprintf allocates must be freed; here it is lost when the value is odd.
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
static int show(int v) {
  char *msg;
  int n = asprintf(&msg, "value %d", v);
  if (n < 0) return 0;
  if (v % 2 == 0) free(msg);
  return n;
}
int main(void) {
  return show(__VERIFIER_nondet_bool() ? 3 : 4) == 0;
}
