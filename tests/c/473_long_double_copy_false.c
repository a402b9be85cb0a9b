// expect: false(unreach-call)
// decide: explicit
// As 472: the copy keeps the exponent byte (byte 9), so the check that it was lost fails.
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  long double *p = calloc(2, sizeof(long double));
  if (!p) return 0;
  ((unsigned char *)p)[9] = 0x40;
  ((unsigned char *)p)[7] = 0x80;
  p[1] = p[0];
  if (((unsigned char *)p)[16 + 9] == 0x40) reach_error();
  free(p);
  return 0;
}
