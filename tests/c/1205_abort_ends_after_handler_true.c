// expect: true
// decide: explicit
// After a SIGABRT handler returns, glibc's abort() resets the signal to its default action and
// raises it again, so the program ends there; an ignored SIGABRT does not stop abort either.
// The handler runs once per abort, with SIGABRT.
#include <signal.h>
#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
static volatile int runs;
static void on_abort(int sig) {
  if (sig != SIGABRT) reach_error();
  runs++;
}
int main(void) {
  if (__VERIFIER_nondet_int()) {
    signal(SIGABRT, on_abort);
    abort();
  } else {
    signal(SIGABRT, SIG_IGN);
    abort();
  }
  reach_error();
  return 0;
}
