// expect: unknown(overlapping copy)
// decide: explicit
// unknown: undefined
// strcpy onto an overlapping destination is undefined behaviour (C11 7.24.2.3); no SV-COMP
// property names it, so vigil answers unknown, never true, even though the assertion holds in
// every path that gets past the copy.
#include <string.h>
int main(void) {
  char buf[16] = "abcdef";
  if (__VERIFIER_nondet_bool())
    strcpy(buf + 2, buf);
  if (strlen(buf) > 15) reach_error();
  return 0;
}
