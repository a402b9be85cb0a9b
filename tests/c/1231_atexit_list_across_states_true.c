// expect: true
// property: valid-memsafety
// decide: explicit
// The runtime's atexit list is an object of its own kind (never the program's memory), and the
// states the search stores and rebuilds after each choice hold it: its kind must survive the
// store's encoding (a ninth kind once shared a bit with a flag, and rebuilt states were garbage).
#include <stdlib.h>
extern _Bool __VERIFIER_nondet_bool(void);
static int *p;
static void release(void) { free(p); }
int main(void) {
  p = malloc(sizeof *p);
  if (!p)
    return 0;
  atexit(release);
  for (int i = 0; i < 3; i++)
    if (__VERIFIER_nondet_bool())
      exit(0);
  return 0;
}
