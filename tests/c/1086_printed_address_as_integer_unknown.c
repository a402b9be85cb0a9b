// expect: unknown(printf formatted an address)
// decide: explicit
// unknown: address-printed
// 1084 with the address converted to an integer first: printf formats the VM's encoding of it
// (a short number), natively a 12-digit one, so the error is reached natively. Unknown, never
// true.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
void reach_error(void) { abort(); }
int main(void) {
  int x = 1;
  int n = printf("%lx\n", (unsigned long)(uintptr_t)&x);
  if (n == 13) reach_error();
  return x - 1;
}
