// expect: false(unreach-call)
// decide: explicit
// 819's tie with the wrong expectation: 5 / 2 = 2.5 rounds to the even 2, so remainder(5, 2)
// is 1, not -1.
#include <assert.h>
#include <math.h>
int main(void) {
  assert(remainder(3.0, 2.0) == -1.0); /* 1.5 rounds to 2: right */
  assert(remainder(5.0, 2.0) == -1.0); /* 2.5 rounds to 2: fails */
  return 0;
}
