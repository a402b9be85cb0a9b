// expect: false(unreach-call)
// decide: explicit
// The bug needs glibc's first rand() value: a verifier with another generator would miss it.
#include <stdlib.h>
int main(void) {
  int r = rand();
  if (r % 1000 == 383) reach_error(); /* glibc: 1804289383 */
  return 0;
}
