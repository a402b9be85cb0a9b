// expect: true
// property: valid-memsafety
// decide: explicit
// main's thread-specific value is still held when main returns: glibc keeps it in main's thread
// descriptor, and valgrind lists the block as still reachable (no leak). The runtime's array of
// values is its own bookkeeping (`ObjKind::Internal`), and what it points to stays reachable.
// (Under valid-memcleanup the same program is false: the block is never freed.)
#include <pthread.h>
#include <stdlib.h>
pthread_key_t key;
int main(void) {
  if (pthread_key_create(&key, 0)) return 0;
  int *p = malloc(sizeof *p);
  if (!p) return 0;
  *p = 1;
  pthread_setspecific(key, p);
  p = 0;
  return 0;
}
