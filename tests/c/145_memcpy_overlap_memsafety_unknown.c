// expect: unknown(overlapping copy)
// property: valid-memsafety
// decide: explicit
// unknown: undefined
// A partially overlapping memcpy (clang emits llvm.memcpy for it) has undefined behaviour that
// valid-memsafety does not name (no valid-deref, -free or -memtrack): unknown, never true.
#include <string.h>
int main(void) {
  int a[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  unsigned char k = __VERIFIER_nondet_uchar();
  memcpy(a + (k & 3), a, 4 * sizeof(int));
  return a[7];
}
