// expect: true
// property: valid-memcleanup
// decide: explicit
// The program frees everything it allocates. pthread_setspecific stores its value in glibc's
// thread descriptor (static storage for the first 32 keys, no malloc); vigil's runtime keeps the
// values in an array of its own that it allocated on the heap, and main's array was still
// allocated when main returned: vigil answered `false(valid-memcleanup)`. The runtime's own
// bookkeeping is now an object kind of its own (`ObjKind::Internal`), which is never the
// program's memory.
#include <pthread.h>
#include <stdlib.h>
pthread_key_t key;
int main(void) {
  if (pthread_key_create(&key, 0)) return 0;
  int *p = malloc(sizeof *p);
  if (!p) return 0;
  pthread_setspecific(key, p);
  free(pthread_getspecific(key));
  pthread_setspecific(key, 0);
  return 0;
}
