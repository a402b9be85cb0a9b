// expect: false(no-deadlock)
// property: no-deadlock
// decide: explicit
// A thread takes a spinlock it already holds: glibc's spinlock spins forever (a deadlock).
#include <pthread.h>
pthread_spinlock_t spin;
int main(void) {
  pthread_spin_init(&spin, PTHREAD_PROCESS_PRIVATE);
  pthread_spin_lock(&spin);
  pthread_spin_lock(&spin);
  return 0;
}
