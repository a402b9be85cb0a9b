// expect: false(unreach-call)
// flags: --m32
// decide: explicit
// ILP32: long and size_t are 32 bits wide, so LONG_MAX is 2^31 - 1 among the sampled inputs.
#include <limits.h>
int main(void) {
  long x = __VERIFIER_nondet_long();
  if (sizeof(long) != 4 || sizeof(__SIZE_TYPE__) != 4) return 0;
  if (x == 2147483647L && LONG_MAX == x) reach_error();
  return 0;
}
