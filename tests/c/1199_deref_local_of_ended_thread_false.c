// expect: false(valid-deref)
// property: valid-memsafety
// decide: explicit
// The worker publishes the address of its local and ends by pthread_exit; main reads through it
// after the join. The thread's stack is gone (natively the read faults: glibc unmapped it). vigil
// answered `true`: the ended thread's frames stayed alive (1196).
#include <pthread.h>
#include <stdlib.h>
int *shared;
void *worker(void *arg) {
  int local = 1;
  shared = &local;
  pthread_exit(0);
}
int main(void) {
  pthread_t t;
  if (pthread_create(&t, 0, worker, 0)) return 0;
  pthread_join(t, 0);
  return *shared;
}
