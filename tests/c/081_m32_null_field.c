// expect: false(valid-deref)
// property: valid-memsafety
// flags: --m32
// decide: explicit
// ILP32: a NULL pointer stored in a struct field (a 4-byte pointer slot) is dereferenced.
#include <stdlib.h>
struct s { int a; int *p; };
int main(void) {
  struct s *v = malloc(sizeof *v);
  if (!v) return 0;
  v->a = 1;
  v->p = 0;
  if (__VERIFIER_nondet_bool()) v->p = &v->a;
  int r = *v->p;
  free(v);
  return r;
}
