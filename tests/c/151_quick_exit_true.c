// expect: true
// decide: explicit
// quick_exit runs only the at_quick_exit handlers (newest first, one registered by a handler
// next); _Exit runs none. Neither runs atexit handlers nor destructors.
#include <stdlib.h>
static int n;
static void never(void) { reach_error(); }
__attribute__((destructor)) static void fini(void) { reach_error(); }
static void q1(void) { n += 1; }
static void q2(void) { n += 10; at_quick_exit(q1); }
static void last(void) { if (n != 12) reach_error(); }
int main(void) {
  atexit(never);
  if (__VERIFIER_nondet_bool()) _Exit(0);
  at_quick_exit(last);
  at_quick_exit(q1);
  at_quick_exit(q2);
  quick_exit(0);
}
