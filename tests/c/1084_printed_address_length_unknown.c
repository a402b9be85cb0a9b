// expect: unknown(printf formatted an address)
// decide: explicit
// unknown: address-printed
// printf's %p prints the address: natively 0x7ffd… (15 characters with the newline, so the
// error is reached), in the VM its own encoding of the address, of another length. vigil
// answered true; a path that prints an address can no longer prove the program.
#include <stdio.h>
#include <stdlib.h>
void reach_error(void) { abort(); }
int main(void) {
  int x = 1;
  int n = printf("%p\n", (void *)&x);
  if (n == 15) reach_error();
  return x - 1;
}
