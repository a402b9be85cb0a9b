// expect: false(unreach-call)
// decide: explicit
// The clock is an input: a program that assumes time() reads 0 (the epoch) is wrong.
#include <time.h>
int main(void) {
  time_t now = time(NULL);
  if (now != 0) reach_error();
  return 0;
}
