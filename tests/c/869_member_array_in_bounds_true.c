// expect: true
// property: valid-memsafety
// decide: explicit
// The siblings of 868 that C allows: subscripts inside the member array, the address one past
// its end formed as a loop bound and never dereferenced, a struct's last member indexed past
// its declared length in an object allocated larger (the "struct hack", also inside a nested
// member), and a whole array indexed up to its end.
#include <stdlib.h>
extern unsigned __VERIFIER_nondet_uint(void);
extern void reach_error(void);
struct S {
  int buf[4];
  unsigned n;
};
struct H {
  int n;
  int qux[1];
};
struct W {
  long tag;
  struct H h;
};
int main(void) {
  struct S s;
  s.n = 7;
  unsigned k = __VERIFIER_nondet_uint();
  if (k < 4)
    s.buf[k] = 1;
  int *end = &s.buf[4];
  for (int *q = &s.buf[0]; q != end; q++)
    *q = 2;
  if (s.n != 7)
    reach_error();
  struct H *h = malloc(sizeof(struct H) + 3 * sizeof(int));
  if (h) {
    for (int i = 0; i < 4; i++)
      h->qux[i] = i;
    free(h);
  }
  struct W *w = malloc(sizeof(struct W) + 3 * sizeof(int));
  if (w) {
    w->h.qux[3] = 1;
    free(w);
  }
  int a[4];
  for (unsigned i = 0; i < 4; i++)
    a[i] = (int)i;
  return a[3] - 3;
}
