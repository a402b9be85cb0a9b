// expect: false(unreach-call)
// assert from <assert.h> (__assert_fail).
#include <assert.h>
int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x >= 0 && x < 10);
  assert(x != 7);
  return 0;
}
