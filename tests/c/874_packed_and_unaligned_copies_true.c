// expect: true
// decide: explicit
// The siblings of 873 that C allows: a packed struct's member read and written directly (clang
// knows its alignment is 1), an unaligned 32-bit value read with memcpy, and aligned accesses
// at offsets that are multiples of the type's alignment.
#include <stdint.h>
#include <string.h>
extern void reach_error(void);
#pragma pack(push, 1)
struct pack1 {
  char a;
  uint32_t b;
};
#pragma pack(pop)
int main(void) {
  struct pack1 obj = {1, 2};
  struct pack1 *p = &obj;
  p->b = p->b + 40;
  unsigned char buf[12] = {0};
  buf[1] = 42;
  uint32_t v;
  memcpy(&v, buf + 1, sizeof v);
  uint32_t words[3] = {7, 8, 9};
  uint32_t *w = words + 2;
  if (p->b != 42 || v != 42 || *w != 9)
    reach_error();
  return 0;
}
