// expect: true
// decide: explicit
// The sibling of 1071 that stays modelled: a remainder of an address by a power of two up to
// the object's alignment is the offset's, as natively (objects are aligned at least as their
// type, malloc's blocks to 16 bytes): the alignment checks programs make.
#include <stdint.h>
#include <stdlib.h>
void reach_error(void) { abort(); }
struct s { char c; double d; } g;
int main(void) {
  long l = 0;
  double *h = malloc(2 * sizeof *h);
  if (!h) return 0;
  if ((uintptr_t)&g % _Alignof(struct s) != 0) reach_error();
  if ((uintptr_t)&g.d % _Alignof(double) != 0) reach_error();
  if ((uintptr_t)&l % _Alignof(long) != 0) reach_error();
  if ((uintptr_t)(h + 1) % 8 != 0 || (uintptr_t)h % 16 != 0) reach_error();
  free(h);
  return 0;
}
