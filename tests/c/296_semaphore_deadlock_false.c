// expect: false(no-deadlock)
// property: no-deadlock
// decide: explicit
// The only thread waits on a semaphore nobody posts.
#include <semaphore.h>
sem_t s;
int main(void) {
  sem_init(&s, 0, 0);
  sem_wait(&s);
  return 0;
}
