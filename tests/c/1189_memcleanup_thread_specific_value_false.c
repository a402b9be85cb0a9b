// expect: false(valid-memcleanup)
// property: valid-memcleanup
// decide: explicit
// The worker stores a block as its thread-specific value, for a key without a destructor, and
// ends: nothing frees the block (it is lost, and LeakSanitizer reports it natively). vigil
// answered `true`: the block became unreachable at the worker's end, and the state stored there
// had forgotten it (1184). Under valid-memsafety it is `false(valid-memtrack)`.
#include <pthread.h>
#include <stdlib.h>
pthread_key_t key;
void *worker(void *arg) {
  int *p = malloc(sizeof *p);
  if (p) pthread_setspecific(key, p);
  return arg;
}
int main(void) {
  if (pthread_key_create(&key, 0)) return 0;
  pthread_t t;
  if (pthread_create(&t, 0, worker, 0)) return 0;
  pthread_join(t, 0);
  return 0;
}
