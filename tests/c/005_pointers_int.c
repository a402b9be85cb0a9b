// expect: true
// ptrtoint and inttoptr round trip; pointer difference (sdiv exact).
#include <stdint.h>
int a[8];
int main(void) {
  int *p = &a[5], *q = &a[1];
  uintptr_t ip = (uintptr_t)p;
  int *back = (int *)ip;
  if (back != p) reach_error();
  long d = p - q;
  if (d != 4) reach_error();
  return 0;
}
