// expect: false(unreach-call)
// decide: explicit
// memrchr searches backwards: the last 'b' is at index 4, not at the first match index 1.
#define _GNU_SOURCE
#include <string.h>
int main(void) {
  const char data[] = "abcab";
  unsigned char n = __VERIFIER_nondet_uchar();
  if (n > 5) return 0;
  const char *p = memrchr(data, 'b', n);
  if (p == data + 4) reach_error();
  return 0;
}
