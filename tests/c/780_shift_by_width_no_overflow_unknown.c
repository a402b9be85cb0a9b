// expect: unknown(shift by the operand's width or more)
// property: no-overflow
// decide: explicit
// unknown: undefined
// A shift by 32 of an int is undefined behaviour (C11 6.5.7p3) for every operand, even zero; it
// is not an overflow of the result (there is none), so under no-overflow vigil answers unknown,
// never true. (LLVM only makes the shifted value poison: a value printed and never branched on.)
#include <stdio.h>
int main(void) {
  int zero = 0;
  int amount = 32;
  int z = zero << amount;
  printf("%d\n", z);
  return 0;
}
