// expect: false(unreach-call)
// decide: explicit
// A function defined without a prototype called through a pointer that passes one argument
// (ESBMC's function_deref tests): natively the argument is dropped and the call runs, so the
// error is reached. The VM used to stop at the call as undefined behaviour.
#include <stdlib.h>
void reach_error(void) { abort(); }
int called = 0;
void *callee() {
  called = 1;
  return 0;
}
void call(void *(*f)(void *), void *arg) { f(arg); }
int main() {
  call(callee, 0);
  if (called) reach_error();
  return 0;
}
