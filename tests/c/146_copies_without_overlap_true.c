// expect: true
// property: valid-memsafety
// decide: explicit
// Copies that touch but do not overlap, and a struct assigned to itself (clang's llvm.memcpy with
// equal source and destination, which LLVM allows), are defined.
#include <stdio.h>
#include <string.h>
struct pair { int a; char s[12]; };
int main(void) {
  char buf[32] = "abc";
  strcpy(buf + 4, buf);
  strncpy(buf + 8, buf, 4);
  strcat(buf + 12, buf + 4);
  stpcpy(buf + 16, buf);
  int n = sprintf(buf + 20, "%s%d", buf, 7);
  if (n != 4 || strcmp(buf + 20, "abc7") != 0 || strcmp(buf + 12, "abc") != 0) reach_error();
  memcpy(buf + 24, buf, 4);
  struct pair p = {1, "xy"}, *q = &p;
  if (__VERIFIER_nondet_bool())
    q = &p;
  *q = p;
  if (p.a != 1 || strcmp(p.s, "xy") != 0) reach_error();
  return 0;
}
