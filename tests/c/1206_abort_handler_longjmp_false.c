// expect: false(unreach-call)
// A SIGABRT handler may leave abort() by longjmp (glibc's abort raises SIGABRT first and ends
// the process only if the handler returns): the program then goes on after setjmp, here to the
// error. (The default action is restored first: the native harness's reach_error aborts, and
// this handler would take it back to setjmp for ever.)
#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
extern void reach_error(void);
static jmp_buf back;
static void on_abort(int sig) {
  (void)sig;
  longjmp(back, 1);
}
int main(void) {
  signal(SIGABRT, on_abort);
  if (setjmp(back) == 0) {
    abort();
  }
  signal(SIGABRT, SIG_DFL);
  reach_error();
  return 0;
}
