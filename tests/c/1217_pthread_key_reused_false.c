// expect: false(unreach-call)
// decide: explicit
// glibc's pthread_key_create takes the lowest key not in use, so a deleted key comes back: here
// the second key equals the first and the error is reached. vigil's keys were never reused
// (each creation took the next number) and it answered true.
#include <pthread.h>
extern void reach_error(void);
int main(void) {
  pthread_key_t a, b, c;
  if (pthread_key_create(&a, 0) != 0 || pthread_key_create(&b, 0) != 0)
    return 0;
  if (pthread_key_delete(a) != 0)
    return 0;
  if (pthread_key_create(&c, 0) != 0)
    return 0;
  if (c == a)
    reach_error();
  return 0;
}
