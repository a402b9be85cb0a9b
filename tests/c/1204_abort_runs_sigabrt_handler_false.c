// expect: false(unreach-call)
// glibc's abort() raises SIGABRT before the process ends, so a handler the program installed
// for it runs: here it reaches the error. vigil's abort ended the path at once and answered true.
#include <signal.h>
#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
static void on_abort(int sig) {
  if (sig == SIGABRT) reach_error();
}
int main(void) {
  signal(SIGABRT, on_abort);
  if (__VERIFIER_nondet_int() > 10) abort();
  return 0;
}
