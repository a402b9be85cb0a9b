// expect: unknown(does not model)
// decide: explicit
// 100 thread-specific data keys: glibc has room for 1024, so every pthread_key_create
// succeeds. The runtime holds 64 and answered EAGAIN at the 65th (a wrong `false`); now the path
// ends as a limit of vigil's.
#include <assert.h>
#include <pthread.h>
int main(void) {
  pthread_key_t k;
  for (int i = 0; i < 100; i++)
    assert(pthread_key_create(&k, 0) == 0);
  return 0;
}
