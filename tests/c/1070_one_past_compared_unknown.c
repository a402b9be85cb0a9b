// expect: unknown(outside its object)
// decide: explicit
// unknown: addresses
// A pointer just past one array may compare equal to a pointer to another object that happens
// to follow it in memory (C11 6.5.9p6 allows it; no undefined behaviour). Whether it does is
// the platform's layout, which the VM does not model: clang-19 puts b right after a here, so
// the error is reached natively. vigil answers unknown, never true.
#include <stdlib.h>
void reach_error(void) { abort(); }
int a[2], b[2];
int main(void) {
  if (&a[2] == &b[0] || &b[2] == &a[0]) reach_error();
  return 0;
}
