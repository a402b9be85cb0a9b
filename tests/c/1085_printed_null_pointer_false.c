// expect: false(unreach-call)
// decide: explicit
// 1084's sibling: %p of NULL is glibc's "(nil)", the same natively, so its length decides.
#include <stdio.h>
#include <stdlib.h>
void reach_error(void) { abort(); }
int main(void) {
  int n = printf("%p\n", (void *)0);
  if (n == 6) reach_error();
  return 0;
}
