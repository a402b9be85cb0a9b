// expect: true
// property: valid-memsafety
// flags: --m32
// ILP32: a pointer converted to a 32-bit integer and back keeps only its address bits in the
// VM; the dereference is valid C, so vigil must not report it (unknown is acceptable).
#include <stdint.h>
int main(void) {
  int x = 42;
  uintptr_t i = (uintptr_t)&x;
  int *p = (int *)i;
  return *p == 42 ? 0 : 1;
}
