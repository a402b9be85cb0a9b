// expect: false(unreach-call)
// decide: explicit
// Four random bytes read back as one int: the solver finds the bytes that make it 0xdeadbeef
// (out of 2^32 contents, which enumeration would not reach).
#include <sys/random.h>
extern void reach_error(void);
int main(void) {
  unsigned x = 0;
  if (getrandom(&x, sizeof x, 0) != sizeof x)
    return 0;
  if (x == 0xdeadbeefu)
    reach_error();
  return 0;
}
