// expect: true
// decide: explicit
// 1082's sibling: differences of pointers to elements of one array are exact, both ways.
#include <stdlib.h>
extern unsigned char __VERIFIER_nondet_uchar(void);
void reach_error(void) { abort(); }
int main(void) {
  int arr[8];
  unsigned k = __VERIFIER_nondet_uchar() % 8;
  int *p = &arr[k];
  long d = p - arr, e = arr - p;
  if (d != (long)k || e != -(long)k) reach_error();
  return 0;
}
