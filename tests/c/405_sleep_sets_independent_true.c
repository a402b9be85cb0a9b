// expect: true
// decide: explicit
// Three threads each write their own cell of a shared array, several times, and main checks the
// sum after joining them: the threads' steps are independent (different bytes), so sleep sets
// run about half the transitions, and every state is still visited (the same states as with
// -C explicit.por=off).
#include <pthread.h>
void reach_error(void);
int cell[3];
void *work(void *arg) {
  int *c = arg;
  for (int i = 0; i < 3; i++)
    *c = *c + 1;
  return 0;
}
int main(void) {
  pthread_t t[3];
  for (int i = 0; i < 3; i++)
    pthread_create(&t[i], 0, work, &cell[i]);
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], 0);
  if (cell[0] + cell[1] + cell[2] != 9) reach_error();
  return 0;
}
