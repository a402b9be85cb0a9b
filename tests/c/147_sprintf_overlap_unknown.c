// expect: unknown(overlapping copy)
// decide: explicit
// unknown: undefined
// sprintf whose destination is one of its %s arguments (the classic "append" idiom) copies
// between overlapping objects: undefined (C11 7.21.6.6), so unknown, never true.
#include <stdio.h>
int main(void) {
  char line[32] = "n=";
  unsigned char v = __VERIFIER_nondet_uchar();
  sprintf(line, "%s%u", line, v);
  if (line[0] != 'n') reach_error();
  return 0;
}
