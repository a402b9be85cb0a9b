// expect: false(unreach-call)
// decide: explicit
// Some second seeds rand() so that its first number ends in 7: found by solving through the
// runtime's rand (glibc's algorithm), confirmed natively with the harness's time().
#include <stdlib.h>
#include <time.h>
int main(void) {
  srand(time(NULL));
  if (rand() % 10 == 7) reach_error();
  return 0;
}
