// expect: false(unreach-call)
// glibc 2.36's aligned_alloc is its memalign: an alignment that is not a power of two is rounded
// up (C17's failure for an unsupported alignment came to glibc with 2.38), so the block exists
// and the program reaches the error. vigil returned NULL with EINVAL here (C17's reading) and
// answered true.
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  char *p = aligned_alloc(3, 16);
  if (p) {
    p[15] = 1;
    free(p);
    reach_error();
  }
  return 0;
}
