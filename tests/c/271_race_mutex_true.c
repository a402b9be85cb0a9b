// expect: true
// property: no-data-race
// decide: explicit
// The accesses of 270 under one mutex, and main's read after the join: no race. The argument
// is a heap object handed to the thread (shared from pthread_create on).
#include <pthread.h>
#include <stdlib.h>
int shared;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
void *writer(void *arg) {
  int *amount = arg;
  pthread_mutex_lock(&lock);
  shared += *amount;
  pthread_mutex_unlock(&lock);
  return 0;
}
int main(void) {
  pthread_t t;
  int *amount = malloc(sizeof *amount);
  if (!amount) return 1;
  *amount = 3;
  pthread_create(&t, 0, writer, amount);
  pthread_mutex_lock(&lock);
  shared++;
  pthread_mutex_unlock(&lock);
  pthread_join(t, 0);
  free(amount);
  return shared == 4 ? 0 : 1;
}
