// expect: true
// flags: --m32
// Two different objects have different addresses: comparing them as 32-bit integers must not
// make vigil report the error (the VM keeps only offsets in ILP32 integers; unknown is fine).
#include <stdint.h>
int main(void) {
  int a = 1, b = 2;
  if ((uintptr_t)&a == (uintptr_t)&b) reach_error();
  unsigned char bytes[4];
  int *p = &a, *q = &b;
  __builtin_memcpy(bytes, &p, 4);
  unsigned char other[4];
  __builtin_memcpy(other, &q, 4);
  if (bytes[0] == other[0] && bytes[1] == other[1] && bytes[2] == other[2] && bytes[3] == other[3]) reach_error();
  return 0;
}
