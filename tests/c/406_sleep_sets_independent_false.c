// expect: false(unreach-call)
// decide: explicit
// 405 with a checker thread that reads all three cells while the workers run: a state where two
// cells are done and one is not is reachable only through an interleaving sleep sets must not
// prune (the checker's reads conflict with the workers' writes).
#include <pthread.h>
void reach_error(void);
int cell[3];
void *work(void *arg) {
  int *c = arg;
  for (int i = 0; i < 3; i++)
    *c = *c + 1;
  return 0;
}
void *check(void *arg) {
  int a = cell[0], b = cell[1], c = cell[2];
  if (a == 3 && b == 3 && c == 0) reach_error();
  return arg;
}
int main(void) {
  pthread_t t[4];
  for (int i = 0; i < 3; i++)
    pthread_create(&t[i], 0, work, &cell[i]);
  pthread_create(&t[3], 0, check, 0);
  for (int i = 0; i < 4; i++)
    pthread_join(t[i], 0);
  return 0;
}
