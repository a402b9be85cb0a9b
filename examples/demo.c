/* A small program for `make demo`: is reach_error() reachable? vigil enumerates the input (an
 * unsigned char, so every value is tried), finds the one that reaches the error and replays it. */
#include <stdio.h>
int main(void) {
  unsigned char x = __VERIFIER_nondet_uchar();
  int y = 0;
  for (int i = 0; i < 10; i++) y += 2;
  printf("x = %d, y = %d\n", x, y);
  if (x > 0 && y == 20 && x * 2 == 84) reach_error(); /* x == 42 */
  return 0;
}
