// expect: true
// decide: explicit
// Memory from malloc is uninitialised but keeps one value across reads.
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  unsigned char *p = malloc(2);
  if (!p) return 0;
  p[1] = 0;
  if (p[0] == 9) p[1] = 1;
  if (p[0] == 9 && p[1] != 1) reach_error();
  free(p);
  return 0;
}
