// expect: false(unreach-call)
// decide: explicit
// A program that expects pthread_detach to succeed on a thread it has already joined: glibc
// answers ESRCH (the joined thread's descriptor is marked dead), so the error is reached in
// every schedule.
#include <pthread.h>
extern void reach_error(void);
static void *work(void *arg) { return arg; }
int main(void) {
  pthread_t t;
  if (pthread_create(&t, 0, work, 0) != 0)
    return 0;
  pthread_join(t, 0);
  if (pthread_detach(t) != 0)
    reach_error();
  return 0;
}
