// expect: false(unreach-call)
// decide: explicit
// The failure needs the run with no lost update: the thread's 25 unprotected increments all
// happen before or after main's (with printf calls between, each a visible action). That run
// has few thread switches but is deep; the mixed search order alone spreads over the
// interleavings first and did not reach it in 15 s. The depth-first probe before the mixed
// search (crates/explicit/src/lib.rs) meets it within its 16384 states.
#include <pthread.h>
#include <stdio.h>
extern void reach_error(void);
int counter;
void *worker(void *arg) {
  (void)arg;
  for (int i = 0; i < 25; i++) {
    int seen = counter;
    printf("worker %d\n", i);
    counter = seen + 1;
  }
  return NULL;
}
int main(void) {
  pthread_t t;
  if (pthread_create(&t, NULL, worker, NULL))
    return 1;
  for (int i = 0; i < 25; i++)
    counter = counter + 1;
  pthread_join(t, NULL);
  if (counter == 50)
    reach_error();
  return 0;
}
