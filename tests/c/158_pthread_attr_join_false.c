// expect: false(unreach-call)
// decide: explicit
// A thread created with an attribute object set to joinable can be joined and returns its value
// (whatever the schedule).
#include <pthread.h>
static void *work(void *arg) { return (char *)arg + 1; }
int main(void) {
  static char data[4];
  pthread_attr_t a;
  pthread_t t;
  void *result = 0;
  pthread_attr_init(&a);
  pthread_attr_setdetachstate(&a, PTHREAD_CREATE_JOINABLE);
  pthread_attr_setstacksize(&a, 1 << 20);
  if (pthread_create(&t, &a, work, data) != 0) return 1;
  pthread_attr_destroy(&a);
  if (pthread_join(t, &result) != 0) return 1;
  if (result == data + 1) reach_error();
  return 0;
}
