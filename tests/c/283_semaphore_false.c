// expect: false(unreach-call)
// decide: explicit
// 282 with the empty semaphore starting at 2: the producer may overwrite the first item before
// the consumer read it.
#include <pthread.h>
#include <semaphore.h>
void reach_error(void);
sem_t full, empty;
int slot;
void *producer(void *arg) {
  for (int i = 1; i <= 2; i++) {
    sem_wait(&empty);
    __atomic_store_n(&slot, i, __ATOMIC_SEQ_CST);
    sem_post(&full);
  }
  return arg;
}
int main(void) {
  pthread_t t;
  sem_init(&full, 0, 0);
  sem_init(&empty, 0, 2);
  pthread_create(&t, 0, producer, 0);
  for (int i = 1; i <= 2; i++) {
    sem_wait(&full);
    if (__atomic_load_n(&slot, __ATOMIC_SEQ_CST) != i) reach_error();
    sem_post(&empty);
  }
  pthread_join(t, 0);
  return 0;
}
