// expect: true
// decide: explicit
// glibc 2.36's aligned_alloc (its memalign) refuses only an alignment above SIZE_MAX / 2 + 1,
// with EINVAL; any smaller alignment, a power of two or not, gives a block of the size asked.
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  errno = 0;
  if (aligned_alloc(SIZE_MAX / 2 + 2, 8) != NULL || errno != EINVAL) reach_error();
  char *p = aligned_alloc(24, 5);
  if (!p) reach_error();
  p[4] = 'x';
  free(p);
  return 0;
}
