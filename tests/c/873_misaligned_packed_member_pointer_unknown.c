// expect: unknown(misaligned access)
// decide: explicit synergy
// unknown: undefined
// A `uint32_t *` to the member `b` of a packed struct (offset 1) is misaligned: reading through
// it is undefined (C11 6.3.2.3p7; clang's `-fsanitize=alignment` traps it, ESBMC reports
// "Incorrect alignment", its regression test github_6949-misaligned). x86-64 performs the
// read, and no SV-COMP property names it, so the answer is unknown, never true.
#include <stdint.h>
extern void reach_error(void);
#pragma pack(push, 1)
struct pack1 {
  char a;
  uint32_t b;
};
#pragma pack(pop)
int main(void) {
  struct pack1 obj = {1, 2};
  uint32_t *q = &obj.b;
  uint32_t z = *q;
  if (z != 2)
    reach_error();
  return 0;
}
