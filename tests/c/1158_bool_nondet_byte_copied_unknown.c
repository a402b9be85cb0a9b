// expect: unknown(_Bool object holding a value other than 0 or 1)
// decide: explicit
// unknown: undefined
// Any byte copied into a `_Bool`: the values 2..255 make its read undefined (1155), so no
// input-independent answer exists, whether the input is enumerated or symbolic.
#include <string.h>
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
int main(void) {
  unsigned char c = __VERIFIER_nondet_uchar();
  _Bool b;
  memcpy(&b, &c, 1);
  if (b && c != 1)
    reach_error();
  return 0;
}
