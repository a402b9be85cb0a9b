// expect: true
// decide: explicit
// Sixteen random bytes are symbolic inputs (one path instead of 256^16): their sum never exceeds
// 16 * 255, and the byte after the buffer is untouched.
#include <sys/random.h>
extern void reach_error(void);
int main(void) {
  unsigned char b[17];
  b[16] = 42;
  if (getrandom(b, 16, 0) != 16)
    return 0;
  unsigned sum = 0;
  for (int i = 0; i < 16; i++)
    sum += b[i];
  if (sum > 16 * 255 || b[16] != 42)
    reach_error();
  return 0;
}
