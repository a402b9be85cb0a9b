// expect: true
// property: no-data-race
// decide: explicit
// SV-COMP's atomic sections: accesses inside __VERIFIER_atomic_begin/end and inside a
// __VERIFIER_atomic_* function are atomic and do not race with each other.
#include <pthread.h>
void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);
int x;
void __VERIFIER_atomic_add(int d) { x += d; }
void *worker(void *arg) {
  __VERIFIER_atomic_add(2);
  return arg;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  __VERIFIER_atomic_begin();
  x++;
  __VERIFIER_atomic_end();
  pthread_join(t, 0);
  return x == 3 ? 0 : 1;
}
