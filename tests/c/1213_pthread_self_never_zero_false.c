// expect: false(unreach-call)
// decide: explicit
// glibc's pthread_t is the address of the thread's descriptor, never 0, so a program may use 0 as
// "no thread": here main takes ownership and the error is reached. vigil's pthread_t was the
// index of the thread in its table, 0 for main, so main's pthread_self() looked like "nobody"
// and vigil answered true.
#include <pthread.h>
extern void reach_error(void);
static pthread_t owner; /* 0: nobody owns the resource */
static int take(void) {
  if (owner != 0)
    return 0;
  owner = pthread_self();
  return 1;
}
int main(void) {
  if (take() && owner != 0)
    reach_error();
  return 0;
}
