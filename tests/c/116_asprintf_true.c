// expect: true
// property: valid-memsafety
// decide: explicit
// asprintf allocates exactly the formatted length + 1 bytes; the result is freed on every path.
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void) {
  char *msg;
  unsigned char v = __VERIFIER_nondet_uchar();
  int n = asprintf(&msg, "uid %u", (unsigned)v);
  if (n < 0) return 0;
  if ((size_t)n != strlen(msg) || msg[n] != 0) msg[n + 1] = 0; /* never: would be out of bounds */
  free(msg);
  return 0;
}
