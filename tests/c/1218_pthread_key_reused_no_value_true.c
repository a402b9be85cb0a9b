// expect: true
// decide: explicit
// A deleted key that pthread_key_create hands out again (glibc: the lowest key not in use) has no
// value in any thread, although threads gave the deleted key values: glibc ignores them (a
// sequence number per key), and the destructor of the new key is not called with them.
#include <pthread.h>
#include <stdint.h>
extern void reach_error(void);
static pthread_key_t key;
static int destroyed;
static void destroy(void *value) {
  (void)value;
  destroyed = 1;
}
static void *work(void *arg) {
  pthread_setspecific(key, (void *)(intptr_t)2);
  return arg;
}
int main(void) {
  pthread_key_t again;
  pthread_t t;
  if (pthread_key_create(&key, 0) != 0)
    return 0;
  pthread_setspecific(key, (void *)(intptr_t)1);
  if (pthread_create(&t, 0, work, 0) != 0)
    return 0;
  pthread_join(t, 0);
  if (pthread_key_delete(key) != 0)
    return 0;
  if (pthread_key_create(&again, destroy) != 0)
    return 0;
  if (again != key)
    reach_error();
  if (pthread_getspecific(again) != 0)
    reach_error();
  if (pthread_create(&t, 0, work, 0) != 0)
    return 0;
  pthread_join(t, 0);
  if (!destroyed)
    reach_error();
  return 0;
}
