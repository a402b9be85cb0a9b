// expect: unknown(addresses of pointers)
// decide: explicit
// unknown: addresses
// The distance between two malloc'd blocks is glibc's choice (32 bytes for these: a 16-byte
// header, the block rounded up), and subtracting pointers into different objects is undefined
// (C11 6.5.6p9); the VM's encoding of addresses gives another distance. Unknown, never true.
#include <stdlib.h>
void reach_error(void) { abort(); }
int main(void) {
  int *a = malloc(sizeof *a), *b = malloc(sizeof *b);
  if (!a || !b) return 0;
  if (b - a == 8) reach_error();
  free(a);
  free(b);
  return 0;
}
