// expect: false(unreach-call)
// decide: explicit
// The solver finds the input "ABCD" among the 2^32 four-byte contents of stdin; the harness gives
// those bytes to the native run.
#include <stdio.h>
extern void reach_error(void);
int main(void) {
  unsigned v = 0;
  int n = 0;
  for (int i = 0; i < 4; i++) {
    int c = getchar();
    if (c == EOF)
      break;
    v = v << 8 | (unsigned)c;
    n++;
  }
  if (n == 4 && v == 0x41424344u)
    reach_error();
  return 0;
}
