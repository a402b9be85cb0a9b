// expect: true
// decide: explicit
// SV-COMP's convention: a function named __VERIFIER_atomic_* runs atomically, so no increment
// is lost (vigil must not report the interleaving that 047 reports), and its accesses do not
// race with each other.
#include <pthread.h>
int counter;
void __VERIFIER_atomic_increment(void) {
  int seen = counter;
  counter = seen + 1;
}
void *work(void *arg) {
  (void)arg;
  __VERIFIER_atomic_increment();
  return 0;
}
int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, work, 0);
  pthread_create(&b, 0, work, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  if (counter != 2) reach_error();
  return 0;
}
