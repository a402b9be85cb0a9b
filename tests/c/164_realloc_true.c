// expect: true
// property: valid-memsafety
// decide: explicit
// realloc of what malloc returned keeps the contents, realloc(NULL, n) allocates and
// realloc(p, 0) frees (glibc returns NULL then).
#include <stdlib.h>
int main(void) {
  char *p = realloc(0, 4);
  if (!p) return 0;
  p[0] = 7;
  char *q = realloc(p, 1 + __VERIFIER_nondet_bool() * 15);
  if (!q) { free(p); return 0; }
  if (q[0] != 7) reach_error();
  if (realloc(q, 0) != 0) reach_error();
  return 0;
}
