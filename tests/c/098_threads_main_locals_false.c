// expect: false(valid-deref)
// property: valid-memsafety
// decide: explicit
// main returns while the thread it gave a pointer to its local variable may still run: main's
// variables die at the return, before exit ends the process, and the thread's write can land
// in between.
#include <pthread.h>
void *work(void *arg) {
  *(int *)arg = 2;
  return 0;
}
int main(void) {
  pthread_t t;
  int local = 0;
  pthread_create(&t, 0, work, &local);
  return 0;
}
