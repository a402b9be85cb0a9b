// expect: true
// property: no-data-race
// decide: explicit
// Two threads call printf, rand and strtol (which may set errno) at the same time: the C
// library's own state (the stdout stream, rand's state, errno) is per thread or locked in glibc,
// so these calls are not data races of the program.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
void *worker(void *arg) {
  printf("worker %d\n", rand() % 2);
  return (void *)strtol("99999999999999999999", 0, 10);
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  printf("main %d\n", rand() % 2);
  strtol("-99999999999999999999", 0, 10);
  pthread_join(t, 0);
  return 0;
}
