// expect: true
// decide: explicit
// 1089's functions declared with their types (and ESBMC's `<stdint.h>` spelling): each is a
// value of its declared type, so the assertions hold; an implicitly declared `nondet_bool()` is
// any `int`, which the conversion to `_Bool` makes 0 or 1.
#include <stdint.h>
unsigned char nondet_uchar(void);
uint16_t nondet_uint16_t(void);
unsigned long long nondet_ullong(void);
int main() {
  int x = nondet_uchar();
  int y = nondet_uint16_t();
  _Bool b = nondet_bool();
  unsigned long long z = nondet_ullong();
  assert(x <= 255 && y <= 65535 && y >= 0);
  assert(b == 0 || b == 1);
  assert(z >= 0);
  return 0;
}
