// expect: unknown(data race)
// flags: -C explicit.racy=unknown
// decide: explicit
// unknown: data-race
// The strict mode (explicit.racy=unknown): a racy flag handshake whose assertion holds under
// sequential consistency gets no true (a racy C program's behaviour is undefined, and x86-64 is
// not sequentially consistent); no interleaving violates it, so not false either. By default
// (SV-COMP's semantics) the same program is true with a warning (400).
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
