// expect: false(unreach-call)
// decide: explicit
// An overlapping strncat on one path does not hide the assertion failure on the other.
#include <string.h>
int main(void) {
  char buf[16] = "abc";
  if (__VERIFIER_nondet_bool()) {
    strncat(buf, buf + 1, 2);
    return 0;
  }
  if (buf[0] == 'a') reach_error();
  return 0;
}
