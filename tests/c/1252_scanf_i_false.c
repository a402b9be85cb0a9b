// expect: false(unreach-call)
// decide: explicit
// scanf("%i") takes the base from the text's prefix: 4242 can be read from some text.
#include <stdio.h>
int main(void) {
  int x = 0;
  if (scanf("%i", &x) == 1 && x == 4242) reach_error();
  return 0;
}
