// expect: false(valid-memcleanup)
// property: valid-memcleanup
// decide: explicit
// Each pass of the loop allocates a block and drops the only pointer to it at the end of the
// pass; the program then ends with those blocks allocated. The explicit search stores the state at
// the loop head, whose canonical form leaves unreachable objects out: vigil answered `true`
// because the state it rebuilt there no longer had the lost block, so nothing was allocated at
// exit. The stored state now remembers that memory was lost (`LEAKED`).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  while (__VERIFIER_nondet_int()) {
    int *p = malloc(sizeof *p);
    if (!p) return 0;
    *p = 1;
  }
  return 0;
}
