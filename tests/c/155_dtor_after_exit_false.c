// expect: false(unreach-call)
// decide: explicit
// A destructor runs after exit() (and after return from main) and sees main's last store.
#include <stdlib.h>
static int stage;
__attribute__((destructor)) static void fini(void) {
  if (stage == 2) reach_error();
}
int main(void) {
  stage = 1;
  if (__VERIFIER_nondet_bool()) {
    stage = 2;
    exit(0);
  }
  return 0;
}
