// expect: unknown(data race)
// decide: explicit
// unknown: data-race
// A racy flag handshake whose assertion holds under sequential consistency: the program has a
// data race, so vigil does not answer true (a racy C program's behaviour is undefined, and
// x86-64 is not sequentially consistent); no interleaving violates it, so not false either.
#include <pthread.h>
void reach_error(void);
int data, ready;
void *producer(void *arg) {
  data = 42;
  ready = 1;
  return arg;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, producer, 0);
  if (ready && data != 42) reach_error();
  pthread_join(t, 0);
  return 0;
}
