// expect: true
// decide: explicit
// A producer hands two items to a consumer through POSIX semaphores (sem_init, sem_wait,
// sem_post, sem_trywait, sem_getvalue): the consumer sees each item after it was written.
#include <pthread.h>
#include <semaphore.h>
#include <errno.h>
void reach_error(void);
sem_t full, empty;
int slot;
void *producer(void *arg) {
  for (int i = 1; i <= 2; i++) {
    sem_wait(&empty);
    slot = i;
    sem_post(&full);
  }
  return arg;
}
int main(void) {
  pthread_t t;
  if (sem_init(&full, 0, 0) != 0 || sem_init(&empty, 0, 1) != 0) return 1;
  pthread_create(&t, 0, producer, 0);
  for (int i = 1; i <= 2; i++) {
    sem_wait(&full);
    if (slot != i) reach_error();
    sem_post(&empty);
  }
  pthread_join(t, 0);
  int v = -1;
  sem_getvalue(&empty, &v);
  if (v != 1) reach_error();
  if (sem_trywait(&full) != -1 || errno != EAGAIN) reach_error();
  return 0;
}
