// expect: false(unreach-call)
// decide: explicit
// 1075's sibling: one byte into a malloc'd block is odd, natively as in the VM.
#include <stdint.h>
#include <stdlib.h>
void reach_error(void) { abort(); }
int main(void) {
  char *p = malloc(4);
  if (!p) return 0;
  if ((uintptr_t)(p + 1) % 2 == 1) reach_error();
  free(p);
  return 0;
}
