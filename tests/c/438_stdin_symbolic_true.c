// expect: true
// decide: explicit
// Four bytes of stdin are symbolic inputs (each read chooses only between a byte, the end and
// an error: 3^4 paths instead of 258^4): what is read fits the bytes read.
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
  if (n < 4 && v >= 1u << (8 * n))
    reach_error();
  return 0;
}
