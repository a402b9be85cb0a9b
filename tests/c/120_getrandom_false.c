// expect: false(unreach-call)
// decide: explicit
// Random bytes are not zero: a program that takes the variable's old value for granted is wrong
// (with glibc this fails unless all eight bytes drawn happen to be zero, probability 2^-64).
#include <sys/random.h>
int main(void) {
  for (int i = 0; i < 8; i++) {
    unsigned char b = 0;
    if (getrandom(&b, 1, 0) != 1) return 0;
    if (b != 0) reach_error();
  }
  return 0;
}
