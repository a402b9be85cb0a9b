// expect: unknown(__builtin_clz)
// decide: explicit
// unknown: undefined
// GCC's manual leaves __builtin_clz(0) and __builtin_ctz(0) undefined (clang emits
// llvm.ctlz/cttz with "zero is poison"). Natively x86-64's bsr leaves its register as it was:
// clang-19 -O0 gives __builtin_clz(0) == 31, so the error is reached; the VM's defined count
// was 32, and vigil answered true. Now: unknown, never true.
#include <stdlib.h>
extern unsigned __VERIFIER_nondet_uint(void);
void reach_error(void) { abort(); }
int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  if (x > 1) return 0;
  if (x == 0 && __builtin_clz(x) != 32) reach_error();
  return 0;
}
