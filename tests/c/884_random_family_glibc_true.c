// expect: true
// decide: explicit
// random/srandom share rand's glibc state, rand_r and the 48-bit generators are glibc's: the
// values below are those clang-19/glibc 2.36 print.
#include <stdlib.h>
int main(void) {
  srandom(42);
  if (random() != 71876166 || rand() != 708592740) reach_error();
  unsigned s = 7;
  if (rand_r(&s) != 1187592820 || s != 712265938u) reach_error();
  if (drand48() != 11.0 / 281474976710656.0) reach_error(); /* unseeded: the state starts at 0 */
  if (lrand48() != 2116118) reach_error();
  srand48(2026);
  if (lrand48() != 894009023 || mrand48() != 1074525819) reach_error();
  return 0;
}
